import type { Context } from "hono";
import type { Queryable } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import { validateEmail } from "./email.ts";
import { authError } from "./errors.ts";
import { inviteRedirect, inviteUser } from "./invite.ts";
import { verificationLink, type VerificationType } from "./one-time-tokens.ts";
import { storeRecoveryToken } from "./recover.ts";
import { objectParam, readParams, stringParam, type JsonObject } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { findUserByEmail, findUserById, userJson, type UserRow } from "./users.ts";

interface Issued {
  user: UserRow;
  otp: string;
  hash: string;
}

/** A recovery link is only for an address that has an account (GoTrue answers 404 otherwise). */
async function recoveryFor(tx: Queryable, address: string): Promise<Issued> {
  const found = await findUserByEmail(tx, address);
  if (!found) throw authError.linkUserNotFound();
  const token = await storeRecoveryToken(tx, found.id, address);
  const user = await findUserById(tx, found.id);
  if (!user) throw authError.linkUserNotFound();
  return { user, ...token };
}

const issuers: Record<
  VerificationType,
  (tx: Queryable, address: string, data: JsonObject) => Promise<Issued>
> = {
  invite: inviteUser,
  recovery: recoveryFor,
};

function isLinkType(type: string): type is VerificationType {
  return Object.hasOwn(issuers, type);
}

/**
 * POST /admin/generate_link: an invitation's or a password reset's link and code, for the caller
 * to deliver itself (`npm run team -- invite` prints it); nothing is mailed. The checks come in
 * GoTrue's order: the address, then the account, then the type.
 */
export function generateLink(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const params = await readParams(c);
    const type = stringParam(params, "type") ?? "";
    const address = validateEmail(stringParam(params, "email"));
    const data = objectParam(params, "data") ?? {};
    const redirectTo = inviteRedirect(c, services, stringParam(params, "redirect_to"));
    if (!isLinkType(type)) throw authError.invalidLinkType(type);
    const { user, otp, hash } = await services.db.transaction((tx) =>
      issuers[type](tx, address, data),
    );
    return c.json({
      ...(await userJson(services.db, user)),
      action_link: verificationLink(services.settings.apiExternalUrl, hash, type, redirectTo),
      email_otp: otp,
      hashed_token: hash,
      redirect_to: redirectTo,
      verification_type: type,
    });
  };
}
