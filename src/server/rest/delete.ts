import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { conditionsOver, writtenRows } from "./plan/embed.ts";
import { relationRequest } from "./request/api-request.ts";
import { parseFilters } from "./request/filters.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import { noRows, sendRows, type Rows } from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import { deleteStatement } from "./sql/mutate.ts";
import { identifier, raw } from "./sql/sql.ts";

/**
 * DELETE /rest/v1/:table — PostgREST's delete under the caller's role and policies: 204, or 200
 * with the deleted rows under return=representation; 0 matching rows is not an error.
 */
export function deleteRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const request = await relationRequest(c, deps);
    const { table, preferences, format, query, parameters } = request;
    const filters = parseFilters(parameters);
    const representation = preferences.return === "representation";
    const conditions = conditionsOver(filters, { ...table, alias: identifier(table.name) });
    const answer = representation
      ? writtenRows(query.select, table, "deleted", parameters, embedding(deps))
      : raw("select 1 from deleted");
    // Hosted Supabase refuses a DELETE without a WHERE clause (pg-safeupdate), as a PATCH.
    if (filters.length === 0) throw restError.deleteRequiresWhere();

    // One object asked for, or at most max-affected rows: any other number undoes the delete.
    const { rows } = await execute<Rows>(
      deps,
      requestRole(c, deps),
      request.authenticated,
      deleteStatement(table, conditions, answer, format),
      transactionShape("delete", deps, preferences, format),
    );
    const result = rows[0] ?? noRows;

    const applied = preferenceApplied(preferences, appliedBy.delete);
    if (applied) c.header("Preference-Applied", applied);
    const total = preferences.count ? `/${result.rows}` : "/*";
    c.header("Content-Range", result.rows === 0 ? `*${total}` : `0-${result.rows - 1}${total}`);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, 200);
  };
}
