import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import { currentSession, ownedFactor, removeFactor } from "./factors.ts";
import type { AuthServices } from "./services.ts";

/**
 * DELETE /factors/{id}: removing a verified factor needs an aal2 session; the sessions it raised
 * fall back to aal1.
 */
export function unenrollFactor(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const session = currentSession(c);
    const factor = await ownedFactor(services.db, c);
    if (factor.status === "verified" && session.aal !== "aal2") {
      throw authError.unenrollNeedsAal2();
    }
    await services.db.transaction((tx) => removeFactor(tx, factor.id));
    return c.json({ id: factor.id });
  };
}
