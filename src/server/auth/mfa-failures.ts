import type { Queryable } from "../db/database.ts";
import { authError } from "./errors.ts";

// Not in GoTrue, which limits MFA verification per address only: a few addresses could guess
// hundreds of codes a second. Failed verifications are counted in the database, per factor and
// per user, so every instance of the server sees the same count.
export const failureWindowSeconds = 15 * 60;
export const maxFailuresPerFactor = 5;
export const maxFailuresPerUser = 10;

/**
 * Refuses (429) while the factor, or its user across factors, has too many failed verifications
 * within the window; called before the code is looked at, so a right code is refused too.
 */
export async function refuseWhileLocked(
  tx: Queryable,
  factorId: string,
  userId: string,
): Promise<void> {
  const { rows } = await tx.query<{ factor_failures: number; user_failures: number }>(
    `select count(*) filter (where factor_id = $1)::int as factor_failures,
            count(*)::int as user_failures
       from auth.mfa_verification_failures
      where user_id = $2 and created_at > now() - make_interval(secs => $3)`,
    [factorId, userId, failureWindowSeconds],
  );
  const counts = rows[0];
  if (
    counts &&
    (counts.factor_failures >= maxFailuresPerFactor || counts.user_failures >= maxFailuresPerUser)
  ) {
    throw authError.mfaVerificationLocked();
  }
}

/** Counts a wrong code, and forgets the user's failures that have left the window. */
export async function recordFailure(tx: Queryable, factorId: string, userId: string) {
  await tx.query(
    `delete from auth.mfa_verification_failures
      where user_id = $1 and created_at <= now() - make_interval(secs => $2)`,
    [userId, failureWindowSeconds],
  );
  await tx.query(
    `insert into auth.mfa_verification_failures (user_id, factor_id, created_at)
     values ($1, $2, now())`,
    [userId, factorId],
  );
}

/** A right code clears the user's count. */
export async function forgetFailures(tx: Queryable, userId: string): Promise<void> {
  await tx.query("delete from auth.mfa_verification_failures where user_id = $1", [userId]);
}
