import type { MiddlewareHandler } from "hono";
import { verifyPostgrestJwt } from "../jwt.ts";
import { apiKeyRoles, type ApiKeyRole } from "../keys.ts";

/**
 * The gateway in front of a hosted project: every API request carries a project key in the
 * `apikey` header (or `?apikey=`), whatever its Authorization says. These bodies have no `code`.
 */
export function requireApiKey(secret: Uint8Array): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header("apikey") ?? c.req.query("apikey");
    if (!key) {
      return c.json(
        {
          message: "No API key found in request",
          hint: "No `apikey` request header or url param was found.",
        },
        401,
      );
    }
    const role = await verifyPostgrestJwt(key, secret).then(
      (claims) => claims.role,
      () => undefined,
    );
    if (!apiKeyRoles.includes(role as ApiKeyRole)) {
      return c.json(
        {
          message: "Invalid API key",
          hint: "Double check your Supabase `anon` or `service_role` API key.",
        },
        401,
      );
    }
    await next();
  };
}
