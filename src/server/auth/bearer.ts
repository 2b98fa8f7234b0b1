import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { JwtError, jwtVerifier } from "../jwt.ts";
import { authError } from "./errors.ts";
import type { SessionRow } from "./sessions.ts";
import { findUserById, type UserRow } from "./users.ts";
import { isUuid } from "./uuid.ts";
import type { Database } from "../db/database.ts";

export interface AuthEnv extends AppEnv {
  Variables: AppEnv["Variables"] & {
    user: UserRow;
    /** Absent only for a token without a session_id claim (GoTrue tolerates those). */
    session: SessionRow | undefined;
  };
}

// GoTrue checks exp and nbf with golang-jwt's default leeway, which is none, and leaves iat
// alone; it reports golang-jwt's own words after "invalid JWT: unable to parse or verify
// signature, ".
const verifyGotrueJwt = jwtVerifier({
  clockSkewSeconds: 0,
  wording: {
    segments: () => "token is malformed: token contains an invalid number of segments",
    expired: "token has invalid claims: token is expired",
    signature: "token signature is invalid: signature is invalid",
    claim: (name) => `token has invalid claims: token ${name} claim is invalid`,
    algorithm:
      "token is unverifiable: error while executing keyfunc: unrecognized JWT kid for algorithm",
    unparseable: "token is malformed: could not parse the token",
  },
});

/**
 * GoTrue's requireAuthentication: a Bearer token signed with the project secret, naming a user
 * (`sub`) that exists and, when it names one, a session (`session_id`) that still exists. A
 * session past its not_after (ended by refresh-token reuse detection) counts as gone.
 */
export function requireUser(db: Database, secret: Uint8Array): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = /^[Bb]earer (\S+)$/u.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) throw authError.noAuthorization();
    const claims = await verifyGotrueJwt(token, secret).catch((error: unknown) => {
      throw error instanceof JwtError ? authError.badJwt(error.message) : error;
    });
    const subject = claims.sub;
    if (typeof subject !== "string" || subject === "") throw authError.missingSub();
    if (!isUuid(subject)) throw authError.subNotUuid();
    const user = await findUserById(db, subject);
    if (!user) throw authError.userNotFound();

    let session: SessionRow | undefined;
    const sessionId = claims.session_id;
    if (typeof sessionId === "string" && sessionId !== "" && !/^0{8}-/u.test(sessionId)) {
      if (!isUuid(sessionId)) throw authError.sessionIdNotUuid();
      const { rows } = await db.query<SessionRow>(
        `select id, user_id, aal, factor_id, created_at from auth.sessions
          where id = $1 and (not_after is null or not_after > now())`,
        [sessionId],
      );
      session = rows[0];
      if (!session) throw authError.sessionNotFound();
    }
    c.set("user", user);
    c.set("session", session);
    await next();
  };
}

const adminRoles = new Set(["service_role", "supabase_admin"]);

/** GoTrue's requireAdmin: a Bearer token signed with the project secret, with an admin's role. */
export function requireAdmin(secret: Uint8Array): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = /^[Bb]earer (\S+)$/u.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) throw authError.noAuthorization();
    const { role } = await verifyGotrueJwt(token, secret).catch((error: unknown) => {
      throw error instanceof JwtError ? authError.badJwt(error.message) : error;
    });
    if (typeof role !== "string" || !adminRoles.has(role)) throw authError.userNotAllowed();
    await next();
  };
}
