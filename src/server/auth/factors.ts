import type { Context } from "hono";
import type { Queryable } from "../db/database.ts";
import type { AuthEnv } from "./bearer.ts";
import { authError } from "./errors.ts";
import type { SessionRow } from "./sessions.ts";
import type { FactorRow } from "./users.ts";
import { unverifiedFactorLifetimeSeconds } from "./users.ts";
import { isUuid } from "./uuid.ts";

/** GoTrue's loadFactor: the path's factor, if it belongs to the bearer (and has not expired). */
export async function ownedFactor(db: Queryable, c: Context<AuthEnv>): Promise<FactorRow> {
  const factorId = c.req.param("factorId") ?? "";
  if (!isUuid(factorId)) {
    throw authError.factorIdNotUuid();
  }
  const { rows } = await db.query<FactorRow>(
    `select * from auth.mfa_factors
      where id = $1 and user_id = $2
        and (status = 'verified' or created_at > now() - make_interval(secs => $3))`,
    [factorId.toLowerCase(), c.get("user").id, unverifiedFactorLifetimeSeconds],
  );
  const factor = rows[0];
  if (!factor) throw authError.factorNotFound();
  return factor;
}

/** MFA endpoints act on the session the access token names. */
export function currentSession(c: Context<AuthEnv>): SessionRow {
  const session = c.get("session");
  if (!session) throw authError.factorWithoutSession();
  return session;
}

/**
 * Deletes a factor. Sessions it raised to aal2 fall back to aal1: their `totp` claim goes, so
 * the next token they get says aal1.
 */
export async function removeFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims
      where authentication_method = 'totp'
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  );
  await tx.query(
    "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1",
    [factorId],
  );
  await tx.query("delete from auth.mfa_factors where id = $1", [factorId]);
}
