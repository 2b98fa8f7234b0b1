import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { type Filter, parseFilters, whereClause } from "./filters.ts";
import { identifier, sql } from "./sql/sql.ts";
import { insertStatement, sameKeys, upsertQuery } from "./insert.ts";
import { parseBody, requireJson } from "./json-body.ts";
import { appliedBy, preferenceApplied, requestPreferences } from "./prefer.ts";
import { acceptedFormat, requireSingular, sendRows } from "./representation.ts";
import { writtenRows } from "./embed.ts";
import type { TableInfo } from "./schema-cache.ts";
import { queryParameters } from "./select.ts";
import { requireProfile, requireTable } from "./table.ts";
import { writeRows } from "./write.ts";

/** PostgREST's rule for PUT: one `eq` on each primary-key column and nothing else, else PGRST105. */
function requireWholeKey(filters: Filter[], table: TableInfo): void {
  const named = filters.map((filter) =>
    filter.type === "condition" &&
    !filter.negated &&
    filter.operator === "eq" &&
    !filter.quantifier &&
    filter.field.path.length === 0
      ? filter.field.column
      : undefined,
  );
  const key = new Set(table.primaryKey);
  const exact =
    key.size > 0 &&
    named.every((column) => column !== undefined && key.has(column)) &&
    new Set(named).size === key.size;
  if (!exact) throw restError.putFilters();
}

/**
 * PUT /rest/v1/:table?<pk>=eq.… — PostgREST's upsert of the one row its whole primary key names:
 * the sent row is inserted, or replaces the columns it sends of the row already there. Only a
 * sent row whose key matches the filters is written; unless exactly one is, nothing is
 * (PGRST115). 204, or under return=representation 201 when inserted and 200 when replaced.
 */
export function putRow(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const schemaName = requireProfile(deps.schema, c.req.header("content-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    requireJson(c.req.header("content-type"));
    const preferences = await requestPreferences(c, deps);
    const format = acceptedFormat(c.req.header("accept"));
    const parameters = queryParameters(c.req.url);
    const query = Object.fromEntries(parameters);
    if (query.limit !== undefined || query.offset !== undefined) throw restError.putPaging();
    const body = parseBody(await c.req.text());
    const filters = parseFilters(parameters);
    requireWholeKey(filters, table);

    const rows = Array.isArray(body) ? body : [body];
    const columns = Object.keys(rows[0] ?? {});
    // An array's objects must name the same keys, as in any write PostgREST reads (PGRST102).
    if (!sameKeys(rows, columns)) throw restError.keysMustMatch();
    for (const column of columns) {
      if (!table.columns.has(column)) throw restError.unknownColumn(column, table.name);
    }
    const where = whereClause(filters, (name) => sql`body.${identifier(name)}`);
    const insert = insertStatement(table, columns, JSON.stringify(rows), {
      rows,
      conflict: { resolution: "merge-duplicates", target: table.primaryKey },
      where,
    });
    const representation = preferences.return === "representation";
    const answer = representation
      ? (written: string) => writtenRows(query.select, table, written, parameters, embedding(deps))
      : undefined;
    const statement = upsertQuery(insert, answer, format);

    const result = await writeRows(c, deps, preferences, statement, (written) => {
      // Throwing here undoes the write, as PostgREST does.
      if (written.rows !== 1) throw restError.putKeyMismatch();
      requireSingular(format, written.rows);
    });

    const applied = preferenceApplied(preferences, appliedBy.put);
    if (applied) c.header("Preference-Applied", applied);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, (result.inserted ?? 0) > 0 ? 201 : 200);
  };
}
