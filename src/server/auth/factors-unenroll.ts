import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import { currentSession, ownedFactor } from "./factors.ts";
import type { AuthServices } from "./services.ts";

/**
 * DELETE /factors/{id}: removing a verified factor needs an aal2 session. Sessions that were
 * raised to aal2 by it fall back to aal1 (their `totp` claim goes; the next token says aal1).
 */
export function unenrollFactor(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const session = currentSession(c);
    const factor = await ownedFactor(services.db, c);
    if (factor.status === "verified" && session.aal !== "aal2") {
      throw authError.unenrollNeedsAal2();
    }
    await services.db.transaction(async (tx) => {
      await tx.query("delete from auth.mfa_factors where id = $1", [factor.id]);
      await tx.query(
        `delete from auth.mfa_amr_claims
          where authentication_method = 'totp'
            and session_id in (select id from auth.sessions where factor_id = $1)`,
        [factor.id],
      );
      await tx.query(
        "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2",
        [factor.user_id, factor.id],
      );
    });
    return c.json({ id: factor.id });
  };
}
