import type { ApiClaims } from "../http/context.ts";
import type { Database, QueryResult, Queryable, RoleSettings } from "./database.ts";
import { setRoleSettings } from "./one-round-trip.ts";

function roleSettings(claims: ApiClaims): RoleSettings {
  return { role: claims.role, claims: JSON.stringify(claims) };
}

/**
 * One statement in a transaction of its own under the request's role, with `request.jwt.claims`
 * set as PostgREST sets it, so grants and row-level-security policies (auth.uid(), auth.jwt())
 * decide.
 */
export function queryAsRole<Row>(
  db: Database,
  claims: ApiClaims,
  text: string,
  params: unknown[],
): Promise<QueryResult<Row>> {
  return db.queryAs<Row>(roleSettings(claims), text, params);
}

/**
 * Several statements in one transaction under the request's role and claims, for a request
 * that must undo its work when a later check fails (a PATCH asked for one object).
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
