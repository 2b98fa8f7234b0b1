import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Queryable } from "../db/database.ts";
import type { AuthEnv } from "./bearer.ts";
import { authError, AuthError } from "./errors.ts";
import { deleteFlow, flowStateLifetimeSeconds } from "./flow-state.ts";
import { checkPasswordStrength, passwordPool, verifyPassword } from "./passwords.ts";
import { readParams, requestUserAgent, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import {
  insertRefreshToken,
  ipOrNull,
  refreshTokenPattern,
  startSession,
  tokenResponse,
  type SessionContext,
} from "./sessions.ts";
import { findUserByEmail, findUserById, isBanned } from "./users.ts";

/** POST /token?grant_type=password|refresh_token|pkce; the grant comes from the query string. */
export function token(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const grant = c.req.query("grant_type");
    const handler =
      grant === "password"
        ? passwordGrant
        : grant === "refresh_token"
          ? refreshTokenGrant
          : grant === "pkce"
            ? pkceGrant
            : undefined;
    if (!handler) throw authError.unsupportedGrant();
    const { rateLimits } = services.settings.auth;
    await services.limiter.enforce("token", c.get("clientIp"), rateLimits.token, 300);
    const context = { ip: c.get("clientIp"), userAgent: requestUserAgent(c) };
    return c.json(await handler(services, await readParams(c), context));
  };
}

type Params = Awaited<ReturnType<typeof readParams>>;

/** The same answer, after the same bcrypt work, for an unknown email and a wrong password. */
async function passwordGrant(services: AuthServices, params: Params, context: SessionContext) {
  const email = stringParam(params, "email");
  const phone = stringParam(params, "phone");
  const password = stringParam(params, "password") ?? "";
  if (email && phone) {
    throw authError.validation(
      "Only an email address or phone number should be provided on login.",
    );
  }
  if (!email && phone) throw authError.phoneLoginDisabled();
  if (!email) throw authError.validation("missing email or phone");

  // A flood is refused before it costs a lookup too.
  passwordPool.ensureRoom();
  const user = await findUserByEmail(services.db, email);
  const valid = await verifyPassword(password, user?.encrypted_password ?? null);
  if (!user || !valid) throw authError.invalidCredentials();
  if (isBanned(user)) throw authError.userBanned();
  if (!user.email_confirmed_at) throw authError.emailNotConfirmed();

  let weakPassword: { message: string; reasons: string[] } | undefined;
  try {
    checkPasswordStrength(password, services.settings.auth.passwordMinLength);
  } catch (error) {
    if (error instanceof AuthError && error.code === "weak_password") {
      weakPassword = { message: error.message, reasons: ["length"] };
    }
  }
  const session = await services.db.transaction((tx) =>
    startSession(tx, services.tokens, user, "password", context),
  );
  return weakPassword ? { ...session, weak_password: weakPassword } : session;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  user_id: string;
  /** Seconds since the token was revoked (its last update). */
  age_seconds: number;
  session_exists: boolean;
  session_ended: boolean;
}

/**
 * GoTrue's refresh-token rotation (docs/api.md, "/auth/v1"). Presenting a revoked token gives back
 * the active one when it is that token's parent (the client lost the answer), a new child within
 * the reuse interval (two tabs refreshing at once), and otherwise ends the whole session and
 * answers refresh_token_already_used.
 */
async function refreshTokenGrant(services: AuthServices, params: Params, context: SessionContext) {
  const presented = stringParam(params, "refresh_token") ?? "";
  if (!refreshTokenPattern.test(presented)) throw authError.refreshTokenMalformed();

  const outcome = await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select rt.id, rt.token, rt.revoked, rt.parent, rt.session_id, rt.user_id,
              extract(epoch from now() - rt.updated_at)::float8 as age_seconds,
              s.id is not null as session_exists,
              s.not_after is not null and s.not_after <= now() as session_ended
         from auth.refresh_tokens rt
         left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
      [presented],
    );
    const row = rows[0];
    if (!row) throw authError.refreshTokenNotFound();
    if (!row.session_id || !row.session_exists) {
      await tx.query("delete from auth.refresh_tokens where id = $1", [row.id]);
      return { error: authError.refreshTokenWithoutSession() };
    }
    // A session ended by reuse detection: every token of it is refused as GoTrue refuses the
    // revoked family, with refresh_token_already_used, however recently it was revoked.
    if (row.session_ended) throw authError.refreshTokenAlreadyUsed();
    const user = await findUserById(tx, row.user_id);
    if (!user) throw authError.refreshTokenNotFound();
    if (isBanned(user)) throw authError.refreshTokenUserBanned();

    let issued: string | undefined;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      const current = active.rows[0];
      if (current && current.parent === row.token) {
        issued = current.token;
      } else if (row.age_seconds > services.settings.auth.refreshTokenReuseInterval) {
        await tx.query(
          "update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false",
          [row.session_id],
        );
        // Revoking the family is not enough: its tokens would stay exchangeable within the reuse
        // interval, so a thief refreshing every few seconds would keep the session. Ending it
        // (not_after) refuses every token of it for good and its access tokens on /user.
        await tx.query(
          "update auth.sessions set not_after = now(), updated_at = now() where id = $1",
          [row.session_id],
        );
        // Committed before answering, so the stolen family stays revoked.
        return { error: authError.refreshTokenAlreadyUsed() };
      }
    }
    if (!issued) {
      if (!row.revoked) {
        await tx.query(
          "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1",
          [row.id],
        );
      }
      issued = await insertRefreshToken(tx, user.id, row.session_id, row.token);
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(),
              user_agent = $2, ip = $3 where id = $1`,
      [row.session_id, context.userAgent, ipOrNull(context.ip)],
    );
    return { session: await tokenResponse(tx, services.tokens, user.id, row.session_id, issued) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.session;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: "s256" | "plain";
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  expired: boolean;
}

/** RFC 7636: the verifier must hash (s256) or equal (plain) the challenge sent to /authorize. */
function verifierMatches(flow: FlowStateRow, verifier: string): boolean {
  const derived =
    flow.code_challenge_method === "s256"
      ? createHash("sha256").update(verifier).digest("base64url")
      : verifier;
  const expected = Buffer.from(flow.code_challenge);
  const actual = Buffer.from(derived);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The PKCE half of OAuth: the `code` /callback put in the address, with the client's verifier. */
async function pkceGrant(services: AuthServices, params: Params, context: SessionContext) {
  const authCode = stringParam(params, "auth_code") ?? "";
  const verifier = stringParam(params, "code_verifier") ?? "";
  if (!authCode || !verifier) {
    throw authError.validation(
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  return services.db.transaction(async (tx: Queryable) => {
    const { rows } = await tx.query<FlowStateRow>(
      `select id, user_id, code_challenge, code_challenge_method, provider_type,
              provider_access_token, provider_refresh_token, authentication_method,
              created_at < now() - make_interval(secs => $2) as expired
         from auth.flow_state where auth_code = $1 for update`,
      [authCode, flowStateLifetimeSeconds],
    );
    const flow = rows[0];
    if (!flow || !flow.user_id) throw authError.flowStateNotFound();
    if (flow.expired) throw authError.flowStateExpired();
    if (!verifierMatches(flow, verifier)) throw authError.badCodeVerifier();
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw authError.flowStateNotFound();
    await deleteFlow(tx, flow.id);
    const session = await startSession(
      tx,
      services.tokens,
      user,
      "oauth",
      context,
      flow.provider_type,
    );
    return {
      ...session,
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token
        ? { provider_refresh_token: flow.provider_refresh_token }
        : {}),
    };
  });
}
