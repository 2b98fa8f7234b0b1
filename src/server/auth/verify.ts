import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { Queryable } from "../db/database.ts";
import { authError, AuthError } from "./errors.ts";
import { inviteRedirect } from "./invite.ts";
import { markEmailIdentityVerified } from "./identities.ts";
import {
  findByOneTimeToken,
  useInvitation,
  useRecovery,
  type VerificationType,
} from "./one-time-tokens.ts";
import { hashPassword } from "./passwords.ts";
import { readParams, requestUserAgent, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { startSession, type TokenResponse } from "./sessions.ts";
import { findUserById, isBanned } from "./users.ts";

/**
 * GoTrue's invite and recovery verification: the token is used up, the address confirmed (an
 * invitation also marks it verified and gives a user without a password a random one: they
 * choose their own once signed in), and a session starts with `otp` as its method; after a
 * recovery the client emits PASSWORD_RECOVERY.
 */
async function acceptLink(
  type: VerificationType,
  tx: Queryable,
  services: AuthServices,
  tokenHash: string,
  context: { ip: string; userAgent: string | null },
): Promise<TokenResponse> {
  const found = await findByOneTimeToken(tx, type, tokenHash);
  if (!found) throw authError.otpExpired();
  const user = await findUserById(tx, found.id);
  if (!user) throw authError.otpExpired();
  if (isBanned(user)) throw authError.userBanned();
  if (type === "invite") {
    const password = found.has_password
      ? null
      : await hashPassword(randomBytes(48).toString("base64url"));
    await useInvitation(tx, user.id, password);
    await markEmailIdentityVerified(tx, user.id);
  } else {
    await useRecovery(tx, user.id);
  }
  const confirmed = await findUserById(tx, user.id);
  if (!confirmed) throw authError.otpExpired();
  return startSession(tx, services.tokens, confirmed, "otp", context);
}

const verifyTypes = new Set<string>(["invite", "recovery"]);

/**
 * GET /verify: the link in an invitation or a password reset. Always a 303 back to the site: the session in the
 * fragment (supabase-js reads it and signs in), or GoTrue's error fragment.
 */
export function verifyLink(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    await services.limiter.enforce(
      "verify",
      c.get("clientIp"),
      services.settings.auth.rateLimits.verify,
      300,
    );
    const token = c.req.query("token");
    const type = c.req.query("type");
    if (!token || !type) throw authError.validation("Verify requires a token and a type");
    if (!verifyTypes.has(type)) throw authError.validation("Unsupported verification type");
    const redirectTo = inviteRedirect(c, services);
    const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };
    let fragment: URLSearchParams;
    try {
      const session = await services.db.transaction((tx) =>
        acceptLink(type as VerificationType, tx, services, token, context),
      );
      fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: "",
        token_type: "bearer",
        type,
      });
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error;
      fragment = new URLSearchParams({
        error: "access_denied",
        error_code: error.code,
        error_description: error.message,
        sb: "",
      });
    }
    return c.redirect(`${redirectTo.split("#")[0]}#${fragment.toString()}`, 303);
  };
}

/** POST /verify with `{type, token_hash}`: verifyOtp, answering the session itself. */
export function verifyOtp(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    await services.limiter.enforce(
      "verify",
      c.get("clientIp"),
      services.settings.auth.rateLimits.verify,
      300,
    );
    const params = await readParams(c);
    const type = stringParam(params, "type") ?? "";
    const tokenHash = stringParam(params, "token_hash");
    const token = stringParam(params, "token");
    if (Boolean(tokenHash) === Boolean(token)) {
      throw authError.validation("Verify requires either a token or a token hash");
    }
    if (!tokenHash) throw authError.otpInvalid();
    if (
      ["email", "phone", "redirect_to"].some(
        (name) => params[name] !== undefined && params[name] !== null,
      )
    ) {
      throw authError.validation("Only the token_hash and type should be provided");
    }
    if (!verifyTypes.has(type)) throw authError.validation("Unsupported verification type");
    const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };
    const session = await services.db.transaction((tx) =>
      acceptLink(type as VerificationType, tx, services, tokenHash, context),
    );
    return c.json(session);
  };
}
