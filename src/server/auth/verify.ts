import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { Queryable } from "../db/database.ts";
import { authError, AuthError } from "./errors.ts";
import { inviteRedirect } from "./invite.ts";
import { oneTimeTokenLifetimeSeconds } from "./one-time-tokens.ts";
import { hashPassword } from "./passwords.ts";
import { readParams, requestUserAgent, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { startSession, type TokenResponse } from "./sessions.ts";
import { findUserById, isBanned } from "./users.ts";

/**
 * GoTrue's invite verification: the token is used up, the address confirmed, a user without a
 * password gets a random one (they choose their own once signed in), and a session starts with
 * `otp` as its method.
 */
async function acceptInvitation(
  tx: Queryable,
  services: AuthServices,
  tokenHash: string,
  context: { ip: string; userAgent: string | null },
): Promise<TokenResponse> {
  const { rows } = await tx.query<{ id: string; has_password: boolean }>(
    `select id, coalesce(encrypted_password, '') <> '' as has_password from auth.users
      where confirmation_token = $1 and deleted_at is null
        and confirmation_sent_at > now() - make_interval(secs => $2)
      for update`,
    [tokenHash, oneTimeTokenLifetimeSeconds],
  );
  const found = rows[0];
  if (!found) throw authError.otpExpired();
  const user = await findUserById(tx, found.id);
  if (!user) throw authError.otpExpired();
  if (isBanned(user)) throw authError.userBanned();
  const password = found.has_password
    ? null
    : await hashPassword(randomBytes(48).toString("base64url"));
  await tx.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       encrypted_password = coalesce($2, encrypted_password),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [user.id, password],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
      where user_id = $1 and provider = 'email'`,
    [user.id],
  );
  const confirmed = await findUserById(tx, user.id);
  if (!confirmed) throw authError.otpExpired();
  return startSession(tx, services.tokens, confirmed, "otp", context);
}

/**
 * GoTrue's recovery verification: the token is used up, the address confirmed, and a session
 * starts with `otp` as its method; the client then emits PASSWORD_RECOVERY.
 */
async function acceptRecovery(
  tx: Queryable,
  services: AuthServices,
  tokenHash: string,
  context: { ip: string; userAgent: string | null },
): Promise<TokenResponse> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users
      where recovery_token = $1 and deleted_at is null
        and recovery_sent_at > now() - make_interval(secs => $2)
      for update`,
    [tokenHash, oneTimeTokenLifetimeSeconds],
  );
  const found = rows[0];
  if (!found) throw authError.otpExpired();
  const user = await findUserById(tx, found.id);
  if (!user) throw authError.otpExpired();
  if (isBanned(user)) throw authError.userBanned();
  await tx.query(
    `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now()
     where id = $1`,
    [user.id],
  );
  const confirmed = await findUserById(tx, user.id);
  if (!confirmed) throw authError.otpExpired();
  return startSession(tx, services.tokens, confirmed, "otp", context);
}

type VerifyType = "invite" | "recovery";

const verifyTypes = new Set<string>(["invite", "recovery"]);

function accept(
  type: VerifyType,
  tx: Queryable,
  services: AuthServices,
  tokenHash: string,
  context: { ip: string; userAgent: string | null },
): Promise<TokenResponse> {
  return type === "recovery"
    ? acceptRecovery(tx, services, tokenHash, context)
    : acceptInvitation(tx, services, tokenHash, context);
}

/**
 * GET /verify: the link in an invitation or a password reset. Always a 303 back to the site: the session in the
 * fragment (supabase-js reads it and signs in), or GoTrue's error fragment.
 */
export function verifyLink(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    services.limiter.enforce("verify", c.get("clientIp"), 30, 300);
    const token = c.req.query("token");
    const type = c.req.query("type");
    if (!token || !type) throw authError.validation("Verify requires a token and a type");
    if (!verifyTypes.has(type)) throw authError.validation("Unsupported verification type");
    const redirectTo = inviteRedirect(c, services);
    const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };
    let fragment: URLSearchParams;
    try {
      const session = await services.db.transaction((tx) =>
        accept(type as VerifyType, tx, services, token, context),
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
    services.limiter.enforce("verify", c.get("clientIp"), 30, 300);
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
      accept(type as VerifyType, tx, services, tokenHash, context),
    );
    return c.json(session);
  };
}
