import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { DatabaseUnavailableError, type Database } from "../db/database.ts";
import { type ApiClaims, type AppEnv, isApiRole } from "../http/context.ts";
import { JwtError, verifyPostgrestJwt } from "../jwt.ts";
import { PostgrestError, restError } from "./errors.ts";
import { insertRows } from "./insert.ts";
import type { SchemaCache } from "./schema-cache.ts";
import { selectRows } from "./select.ts";
import { unsupportedWrite } from "./unsupported.ts";

export interface RestDependencies {
  db: Database;
  schema: SchemaCache;
  secret: Uint8Array;
}

export const restBodyLimit = 64 * 1024;

/**
 * Refuses bodies over `maxSize`. A request that declares its length is judged by it (Node reads
 * no further); only one without is counted as it streams. hono/body-limit opens every request's
 * body as a web stream to look, which costs more than the rest of a GET.
 */
function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  const streaming = bodyLimit({
    maxSize,
    onError: () => {
      throw restError.bodyTooLarge(maxSize);
    },
  });
  return async (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > maxSize) throw restError.bodyTooLarge(maxSize);
      return next();
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return streaming(c, next);
  };
}

/** PostgREST's rule: the bearer token's role claim is the database role; no token means anon. */
function requestClaims(secret: Uint8Array): MiddlewareHandler<AppEnv> {
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

/** /rest/v1: the PostgREST subset the site and the team's tools use. */
export function restRoutes(deps: RestDependencies): Hono<AppEnv> {
  const rest = new Hono<AppEnv>();
  rest.use(limitBody(restBodyLimit));
  rest.use(requestClaims(deps.secret));
  rest.on(["GET", "HEAD"], "/:table", selectRows(deps));
  rest.post("/:table", insertRows(deps));
  rest.on(["PATCH", "PUT", "DELETE"], "/:table", unsupportedWrite(deps));
  rest.all("*", () => {
    throw restError.unknownTable("");
  });
  rest.onError((thrown, c) => {
    const error = thrown instanceof DatabaseUnavailableError ? restError.unavailable() : thrown;
    if (!(error instanceof PostgrestError)) throw error;
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    c.header("Proxy-Status", `PostgREST; error=${error.body.code}`);
    return c.json(error.body, error.status as 400);
  });
  return rest;
}
