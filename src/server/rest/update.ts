import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { restError } from "./errors.ts";
import { parseFilters } from "./filters.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import {
  appliedBy,
  preferenceApplied,
  requestPreferences,
  requireAffectedAtMost,
} from "./prefer.ts";
import { acceptedFormat, bodyColumns, requireSingular, sendRows } from "./representation.ts";
import { writtenRows } from "./embed.ts";
import { clause, identifier, join, param, qualified, raw, sql } from "./sql/sql.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { filterConditions, queryParameters } from "./select.ts";
import { requireProfile, requireTable } from "./table.ts";
import { writeRows } from "./write.ts";

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
    const schemaName = requireProfile(deps.schema, c.req.header("content-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    requireJson(c.req.header("content-type"));
    const preferences = await requestPreferences(c, deps);
    const format = acceptedFormat(c.req.header("accept"));
    const parameters = queryParameters(c.req.url);
    const filters = parseFilters(parameters);
    const values = changes(parseBody(await c.req.text()));
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

    const query = Object.fromEntries(parameters);
    const representation = preferences.return === "representation";
    const where = clause("where", filterConditions(filters, table));
    const answer = representation
      ? writtenRows(query.select, table, "updated", parameters, embedding(deps))
      : raw("select 1 from updated");
    const target = qualified(table);
    const assignments = columns.map(
      (column) => sql`${identifier(column)} = body.${identifier(column)}`,
    );
    const statement = sql`with updated as (
        update ${target} set ${join(assignments, ", ")}
          from json_populate_record(null::${target}, ${param(JSON.stringify(values))}::json) body
          ${where}
        returning ${identifier(table.name)}.*)
      select ${raw(bodyColumns(format))}
        from (${answer}) projected`;

    const result = await writeRows(c, deps, preferences, statement, (updated) => {
      // One object asked for, or at most max-affected rows: any other number undoes the update.
      requireSingular(format, updated.rows);
      requireAffectedAtMost(preferences, updated.rows);
    });

    const total = preferences.count ? `/${result.rows}` : "/*";
    c.header("Content-Range", result.rows === 0 ? `*${total}` : `0-${result.rows - 1}${total}`);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, 200);
  };
}
