import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import type { AuthServices } from "./services.ts";

/**
 * POST /logout?scope=global|local|others: deletes sessions (their refresh tokens and amr claims
 * go with them), so later refreshes answer refresh_token_not_found and access tokens
 * session_not_found. 204 without a body.
 */
export function logout(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const scope = c.req.query("scope") ?? "";
    if (!["", "global", "local", "others"].includes(scope)) throw authError.logoutScope(scope);
    const user = c.get("user");
    const session = c.get("session");
    if (session && scope === "local") {
      await services.db.query("delete from auth.sessions where id = $1", [session.id]);
    } else if (session && scope === "others") {
      await services.db.query("delete from auth.sessions where user_id = $1 and id <> $2", [
        user.id,
        session.id,
      ]);
    } else {
      await services.db.query("delete from auth.sessions where user_id = $1", [user.id]);
    }
    return c.body(null, 204);
  };
}
