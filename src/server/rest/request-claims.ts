import type { Context, MiddlewareHandler } from "hono";
import type { RequestRole } from "../db/as-role.ts";
import { type ApiClaims, type AppEnv, isApiRole } from "../http/context.ts";
import { JwtError, verifyPostgrestJwt } from "../jwt.ts";
import type { RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";

/** PostgREST's rule: the bearer token's role claim is the database role; no token means anon. */
export function requestClaims(secret: Uint8Array): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/iu.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) {
      c.set("claims", { role: "anon" });
      return next();
    }
    let claims;
    try {
      claims = await verifyPostgrestJwt(token, secret);
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      throw restError.jwt(error.failure === "expired" ? "PGRST303" : "PGRST301", error.message);
    }
    if (!isApiRole(claims.role)) {
      throw restError.jwt("PGRST301", "JWT role claim is not an API role");
    }
    c.set("claims", claims as ApiClaims);
    return next();
  };
}

/**
 * What a REST request runs as in the database. The client's address travels as PostgREST sends
 * it, in `request.headers`, as the one X-Forwarded-For entry this server derived itself (from
 * the socket, or from TRUST_PROXY's header): whatever a visitor sent is not passed on.
 */
export function requestRole(
  c: Context<AppEnv>,
  deps: Pick<RestDependencies, "submissionLimits" | "schema">,
): RequestRole {
  const claims = c.get("claims");
  const statementTimeout = deps.schema.statementTimeout(claims.role);
  const timezone = c.get("timezone");
  return {
    claims,
    ...(statementTimeout === undefined ? {} : { statementTimeout }),
    ...(timezone === undefined ? {} : { timezone }),
    headers: { "x-forwarded-for": c.get("clientIp") },
    submissionLimits: deps.submissionLimits,
  };
}
