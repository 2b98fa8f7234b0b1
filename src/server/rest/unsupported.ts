import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { requestRole } from "./request-claims.ts";
import { requireTable } from "./table.ts";

const privilegeFor = { PUT: "UPDATE", DELETE: "DELETE" } as const;

/**
 * PUT and DELETE: no API role may replace or delete a submission, so these answer as PostgREST
 * answers a role without the privilege; the database is asked, not assumed.
 */
export function unsupportedWrite(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const table = requireTable(deps.schema, c.req.param("table") ?? "");
    const method = c.req.method as keyof typeof privilegeFor;
    const claims = c.get("claims");
    const { rows } = await queryAsRole<{ allowed: boolean }>(
      deps.db,
      requestRole(c, deps),
      "select has_table_privilege(current_user, $1, $2) as allowed",
      [`public.${table.name}`, privilegeFor[method]],
    );
    const allowed = rows[0]?.allowed === true;
    if (!allowed) throw restError.permissionDenied(table.name, claims.role !== "anon");
    throw restError.unsupportedMethod(method);
  };
}
