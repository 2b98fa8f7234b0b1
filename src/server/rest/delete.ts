import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { parseFilters } from "./filters.ts";
import {
  appliedBy,
  preferenceApplied,
  requestPreferences,
  requireAffectedAtMost,
} from "./prefer.ts";
import { writtenRows } from "./embed.ts";
import { clause, identifier, qualified, raw, sql } from "./sql/sql.ts";
import { acceptedFormat, bodyColumns, requireSingular, sendRows } from "./representation.ts";
import { filterConditions, queryParameters } from "./select.ts";
import { requireProfile, requireTable } from "./table.ts";
import { writeRows } from "./write.ts";

/**
 * DELETE /rest/v1/:table — PostgREST's delete under the caller's role and policies: 204, or 200
 * with the deleted rows under return=representation; 0 matching rows is not an error.
 */
export function deleteRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const schemaName = requireProfile(deps.schema, c.req.header("content-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    const preferences = await requestPreferences(c, deps);
    const format = acceptedFormat(c.req.header("accept"));
    const parameters = queryParameters(c.req.url);
    const filters = parseFilters(parameters);
    const query = Object.fromEntries(parameters);
    const representation = preferences.return === "representation";
    const where = clause("where", filterConditions(filters, table));
    const answer = representation
      ? writtenRows(query.select, table, "deleted", parameters, embedding(deps))
      : raw("select 1 from deleted");
    // Hosted Supabase refuses a DELETE without a WHERE clause (pg-safeupdate), as a PATCH.
    if (filters.length === 0) throw restError.deleteRequiresWhere();

    const statement = sql`with deleted as (
        delete from ${qualified(table)} ${where}
        returning ${identifier(table.name)}.*)
      select ${raw(bodyColumns(format))} from (${answer}) projected`;

    const result = await writeRows(c, deps, preferences, statement, (deleted) => {
      // One object asked for, or at most max-affected rows: any other number undoes the delete.
      requireSingular(format, deleted.rows);
      requireAffectedAtMost(preferences, deleted.rows);
    });

    const applied = preferenceApplied(preferences, appliedBy.delete);
    if (applied) c.header("Preference-Applied", applied);
    const total = preferences.count ? `/${result.rows}` : "/*";
    c.header("Content-Range", result.rows === 0 ? `*${total}` : `0-${result.rows - 1}${total}`);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, 200);
  };
}
