import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { conditionsOver, writtenRows } from "./plan/embed.ts";
import { relationRequest } from "./request/api-request.ts";
import { parseFilters } from "./request/filters.ts";
import { parseBody, type Row } from "./request/json-body.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import { noRows, sendRows, type Rows } from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import { updateStatement } from "./sql/mutate.ts";
import { identifier, raw } from "./sql/sql.ts";

/** The one object a PATCH sets; `[]` and `[{}]` set nothing, as on PostgREST. */
function changes(body: Row | Row[]): Row {
  if (!Array.isArray(body)) return body;
  if (body.length > 1)
    throw restError.invalidBody("A PATCH sets the same values on every row: send one object");
  return body[0] ?? {};
}

/**
 * PATCH /rest/v1/:table — PostgREST's update under the caller's role and policies: 204, or 200
 * with the rows under return=representation; 0 matching rows is not an error.
 */
export function updateRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const request = await relationRequest(c, deps);
    const { table, preferences, format, query, parameters } = request;
    const filters = parseFilters(parameters);
    const values = changes(parseBody(request.body ?? ""));
    const columns = Object.keys(values).sort();
    const unknown = columns.find((column) => !table.columns.has(column));
    if (unknown !== undefined) throw restError.unknownColumn(unknown, table.name);

    const applied = preferenceApplied(preferences, appliedBy.update);
    if (applied) c.header("Preference-Applied", applied);
    if (columns.length === 0) {
      c.header("Content-Range", "*/*");
      return c.body(null, 204);
    }
    // Hosted Supabase refuses an UPDATE without a WHERE clause (pg-safeupdate).
    if (filters.length === 0) throw restError.updateRequiresWhere();

    const representation = preferences.return === "representation";
    const conditions = conditionsOver(filters, { ...table, alias: identifier(table.name) });
    const answer = representation
      ? writtenRows(query.select, table, "updated", parameters, embedding(deps))
      : raw("select 1 from updated");
    // One object asked for, or at most max-affected rows: any other number undoes the update.
    const { rows } = await execute<Rows>(
      deps,
      requestRole(c, deps),
      request.authenticated,
      updateStatement(table, values, conditions, answer, format),
      transactionShape("update", deps, preferences, format),
    );
    const result = rows[0] ?? noRows;

    const total = preferences.count ? `/${result.rows}` : "/*";
    c.header("Content-Range", result.rows === 0 ? `*${total}` : `0-${result.rows - 1}${total}`);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, 200);
  };
}
