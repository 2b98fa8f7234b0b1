import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { Queryable } from "../db/database.ts";
import { enqueueLinkMail, languageOfAddress } from "../mail/enqueue.ts";
import { validateEmail } from "./email.ts";
import { authError } from "./errors.ts";
import { checkMetadataSize } from "./metadata.ts";
import { newOneTimeToken, verificationLink } from "./one-time-tokens.ts";
import { allowedRedirect } from "./redirect-urls.ts";
import { objectParam, readParams, stringParam, type JsonObject } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { findUserByEmail, findUserById, userJson, type UserRow } from "./users.ts";

const emailProviderMetadata = { provider: "email", providers: ["email"] };

/**
 * GoTrue's invite: a new user without a password (or an unconfirmed one invited again, whose
 * old link stops working), holding the hash of a fresh one-time token. A confirmed user is
 * refused: they already have an account.
 */
export async function inviteUser(
  tx: Queryable,
  email: string,
  data: JsonObject,
): Promise<{ user: UserRow; otp: string; hash: string }> {
  const address = validateEmail(email);
  const existing = await findUserByEmail(tx, address);
  if (existing?.email_confirmed_at) throw authError.emailExists();
  checkMetadataSize("user_metadata", { ...existing?.raw_user_meta_data, ...data });
  const { otp, hash } = newOneTimeToken(address);
  const id = existing?.id ?? randomUUID();
  if (existing) {
    await tx.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now()
       where id = $1`,
      [id, hash, JSON.stringify(data)],
    );
  } else {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, invited_at,
         confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at, is_sso_user, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '',
         now(), $3, now(), $4::jsonb, $5::jsonb, now(), now(), false, false)`,
      [id, address, hash, JSON.stringify(emailProviderMetadata), JSON.stringify(data)],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'email', now(), now())`,
      [
        id,
        id,
        JSON.stringify({ sub: id, email: address, email_verified: false, phone_verified: false }),
      ],
    );
  }
  const user = await findUserById(tx, id);
  if (!user) throw new Error("the invited user could not be read back");
  return { user, otp, hash };
}

/** Where the link may lead after verifying: `redirect_to` when allowed, else SITE_URL. */
export function inviteRedirect(c: Context, services: AuthServices, requested?: string): string {
  const { siteUrl, auth } = services.settings;
  return allowedRedirect(requested ?? c.req.query("redirect_to"), siteUrl, auth.redirectUrls);
}

/**
 * POST /invite (admin): invites by mail, the link written to the outbox with the invitation.
 * Without mail configured, the link goes nowhere (generate_link hands it to the caller).
 */
export function invite(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    const params = await readParams(c);
    const email = stringParam(params, "email");
    if (!email) throw authError.validation("An email address is required");
    const data = objectParam(params, "data") ?? {};
    const redirectTo = inviteRedirect(c, services);
    const { user } = await services.db.transaction(async (tx) => {
      const invited = await inviteUser(tx, email, data);
      if (services.settings.mail && invited.user.email) {
        await enqueueLinkMail(tx, {
          kind: "invite",
          recipient: invited.user.email,
          language: languageOfAddress(redirectTo),
          link: verificationLink(
            services.settings.apiExternalUrl,
            invited.hash,
            "invite",
            redirectTo,
          ),
        });
      }
      return invited;
    });
    return c.json(await userJson(services.db, user));
  };
}
