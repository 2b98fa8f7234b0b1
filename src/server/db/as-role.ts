import type { ApiClaims } from "../http/context.ts";
import type { Database, QueryResult, Queryable, RoleSettings } from "./database.ts";
import { setRoleSettings } from "./one-round-trip.ts";

function roleSettings(claims: ApiClaims): RoleSettings {
  return { role: claims.role, claims: JSON.stringify(claims) };
}

/**
 * Runs `work` in one transaction under the request's role, with `request.jwt.claims` set as
 * PostgREST sets it, so grants and row-level-security policies (auth.uid(), auth.jwt()) decide.
 */
export function asRole<T>(
  db: Database,
  claims: ApiClaims,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const settings = roleSettings(claims);
  return db.transaction(async (tx) => {
    await setRoleSettings(tx, settings);
    return work(tx);
  });
}

/** One statement under the request's role and claims, as asRole, in a single round trip. */
export function queryAsRole<Row>(
  db: Database,
  claims: ApiClaims,
  text: string,
  params: unknown[],
): Promise<QueryResult<Row>> {
  return db.queryAs<Row>(roleSettings(claims), text, params);
}
