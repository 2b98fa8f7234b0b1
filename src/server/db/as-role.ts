import type { ApiClaims } from "../http/context.ts";
import type { Database, Queryable } from "./database.ts";

/**
 * Runs `work` in one transaction under the request's role, with `request.jwt.claims` set as
 * PostgREST sets it, so grants and row-level-security policies (auth.uid(), auth.jwt()) decide.
 */
export function asRole<T>(
  db: Database,
  claims: ApiClaims,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
      [claims.role, JSON.stringify(claims)],
    );
    return work(tx);
  });
}
