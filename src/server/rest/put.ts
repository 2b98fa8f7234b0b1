import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { sameKeys } from "./insert.ts";
import { writtenRows } from "./plan/embed.ts";
import { relationRequest } from "./request/api-request.ts";
import { type Filter, parseFilters } from "./request/filters.ts";
import { parseBody } from "./request/json-body.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import { noRows, sendRows, type Rows } from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import type { TableInfo } from "./schema-cache.ts";
import { whereClause } from "./sql/filters.ts";
import { insertStatement, upsertQuery } from "./sql/mutate.ts";
import { identifier, sql } from "./sql/sql.ts";

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
    const request = await relationRequest(c, deps);
    const { table, preferences, format, query, parameters } = request;
    if (query.limit !== undefined || query.offset !== undefined) throw restError.putPaging();
    const body = parseBody(request.body ?? "");
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

    // Unless exactly one row was written, or one object was asked for and not answered, the
    // write is undone (the shape's bounds), as PostgREST does.
    const { rows: answered } = await execute<Rows>(
      deps,
      requestRole(c, deps),
      request.authenticated,
      upsertQuery(insert, answer, format),
      transactionShape("upsert", deps, preferences, format),
    );
    const result = answered[0] ?? noRows;

    const applied = preferenceApplied(preferences, appliedBy.put);
    if (applied) c.header("Preference-Applied", applied);
    if (!representation) return c.body(null, 204);
    return sendRows(c, format, result, (result.inserted ?? 0) > 0 ? 201 : 200);
  };
}
