import type { Context, MiddlewareHandler } from "hono";
import type { RequestRole } from "../db/as-role.ts";
import { type ApiClaims, type AppEnv, isApiRole } from "../http/context.ts";
import { JwtError, jwtVerifier } from "../jwt.ts";
import type { StorageDependencies } from "./dependencies.ts";
import { storageError } from "./errors.ts";

/** Tokens as Supabase Storage checks them, with jose's words for each failure and no skew. */
export const verifyStorageJwt = jwtVerifier({
  clockSkewSeconds: 0,
  wording: {
    segments: () => "Invalid Compact JWS",
    expired: '"exp" claim timestamp check failed',
    signature: "signature verification failed",
    claim: (name) => `"${name}" claim timestamp check failed`,
    algorithm: '"alg" (Algorithm) Header Parameter value not allowed',
    unparseable: "Invalid Compact JWS",
  },
});

/**
 * The bearer token's role claim is the database role, as Supabase Storage reads it; a token that
 * does not verify is refused with jose's words. Public and signed reads take no token (the public
 * routes ignore a bad one, as Supabase's `allowInvalidJwt`).
 */
export function storageClaims(secret: Uint8Array): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/iu.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token) {
      c.set("claims", { role: "anon" });
      return next();
    }
    try {
      const claims = await verifyStorageJwt(token, secret);
      if (!isApiRole(claims.role)) throw storageError.accessDenied("Access denied: Invalid role");
      c.set("claims", claims as ApiClaims);
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      if (!isPublicRead(c)) throw storageError.accessDenied(error.message);
      c.set("claims", { role: "anon" });
    }
    return next();
  };
}

function isPublicRead(c: Context): boolean {
  const path = c.req.path;
  return (
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    /\/object\/(public|sign|info\/public)\//u.test(path)
  );
}

/** What a storage request runs as in the database: its claims and its role's statement bound. */
export function storageRole(
  c: Context<AppEnv>,
  deps: Pick<StorageDependencies, "schema">,
): RequestRole {
  return roleOf(c.get("claims"), c.get("clientIp"), deps);
}

export function roleOf(
  claims: ApiClaims,
  clientIp: string,
  deps: Pick<StorageDependencies, "schema">,
): RequestRole {
  const statementTimeout = deps.schema.statementTimeout(claims.role);
  return {
    claims,
    ...(statementTimeout === undefined ? {} : { statementTimeout }),
    headers: { "x-forwarded-for": clientIp },
  };
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** Who owns what a request writes: its subject, when that is a user's id. */
export function ownerOf(claims: ApiClaims): string | undefined {
  return typeof claims.sub === "string" && uuidShape.test(claims.sub) ? claims.sub : undefined;
}
