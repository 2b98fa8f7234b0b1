import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { qualifiedName } from "./query-params.ts";
import { requestRole } from "./request-claims.ts";
import { requireProfile, requireTable } from "./table.ts";

/**
 * PUT (PostgREST's upsert by primary key), which this server does not do: a role without UPDATE
 * is answered as PostgREST answers it (42501), the others with 405; the database is asked.
 */
export function unsupportedWrite(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const schemaName = requireProfile(deps.schema, c.req.header("content-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    const claims = c.get("claims");
    const { rows } = await queryAsRole<{ allowed: boolean }>(
      deps.db,
      requestRole(c, deps),
      "select has_table_privilege(current_user, $1, 'UPDATE') as allowed",
      [qualifiedName(table)],
    );
    const allowed = rows[0]?.allowed === true;
    if (!allowed) throw restError.permissionDenied(table.name, claims.role !== "anon");
    throw restError.unsupportedMethod(c.req.method);
  };
}
