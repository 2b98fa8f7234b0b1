import type { ApiClaims } from "../http/context.ts";
import type { Database, QueryResult, RoleSettings } from "./database.ts";

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
