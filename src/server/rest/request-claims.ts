import type { MiddlewareHandler } from "hono";
import { type ApiClaims, type AppEnv, isApiRole } from "../http/context.ts";
import { JwtError, verifyPostgrestJwt } from "../jwt.ts";
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
