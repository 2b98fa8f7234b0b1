import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError, restError } from "./errors.ts";
import { parseFilters, whereClause, type Filter } from "./filters.ts";
import { preferenceApplied, readPreferences } from "./prefer.ts";
import { requestRole } from "./request-claims.ts";
import {
  orderClause,
  pagingNumber,
  quoteIdentifier,
  rangeHeader,
  selectList,
} from "./query-params.ts";
import type { TableInfo } from "./schema-cache.ts";
import { requireProfile, requireTable } from "./table.ts";

/** Hosted Supabase's `max-rows`: no page is longer than this. */
export const maxRows = 1000;

export const singleObject = "application/vnd.pgrst.object+json";

/** The query string in order, `+` read as a space (PostgREST's parseQueryReplacePlus). */
export function queryParameters(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

/**
 * SQL over `table` with the request's filters: column names checked against the table and
 * qualified with it, values passed as parameters from `params`' end.
 */
export function filteredWhere(filters: Filter[], table: TableInfo, params: unknown[]): string {
  const qualified = quoteIdentifier(table.name);
  return whereClause(filters, {
    column: (name) => {
      if (!table.columns.has(name)) throw restError.undefinedColumn(name, table.name);
      return `${qualified}.${quoteIdentifier(name)}`;
    },
    parameter: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  });
}

/** GET and HEAD /rest/v1/:table — a read with filters, select, order, paging and count. */
export function selectRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const table = requireTable(deps.schema, c.req.param("table") ?? "");
    requireProfile(c.req.header("accept-profile"));
    const parameters = queryParameters(c.req.url);
    const query = Object.fromEntries(parameters);
    const range = c.req.method === "GET" ? rangeHeader(c.req.header("range")) : undefined;
    const offset = pagingNumber("offset", query.offset) ?? range?.offset ?? 0;
    const limit = Math.min(pagingNumber("limit", query.limit) ?? range?.limit ?? maxRows, maxRows);
    const columns = selectList(query.select, table);
    const order = orderClause(query.order, table);
    const params: unknown[] = [limit, offset];
    const where = filteredWhere(parseFilters(parameters), table, params);
    const preferences = readPreferences(c.req.header("prefer"));
    const counting = preferences.count !== undefined;
    const target = `public.${quoteIdentifier(table.name)}`;

    const claims = c.get("claims");
    let page: { body: string; rows: number; total: number | null };
    try {
      const result = await queryAsRole<{ body: string; rows: number; total: number | null }>(
        deps.db,
        requestRole(c, deps),
        `select coalesce(json_agg(page), '[]')::text as body, count(*)::int as rows,
                ${counting ? `(select count(*)::int from ${target} ${where})` : "null::int"} as total
           from (select ${columns} from ${target} ${where} ${order} limit $1 offset $2) page`,
        params,
      );
      page = result.rows[0] ?? { body: "[]", rows: 0, total: null };
    } catch (error) {
      throw fromDatabaseError(error, claims.role !== "anon");
    }
    const total = page.total ?? undefined;

    if (total !== undefined && offset > total) throw restError.rangeNotSatisfiable(offset, total);
    const totalText = total === undefined ? "*" : String(total);
    c.header(
      "Content-Range",
      page.rows === 0 ? `*/${totalText}` : `${offset}-${offset + page.rows - 1}/${totalText}`,
    );
    const status = total !== undefined && page.rows < total ? 206 : 200;
    const applied = preferenceApplied(preferences, ["count", "handling"]);
    if (applied) c.header("Preference-Applied", applied);

    let body = page.body;
    let contentType = "application/json; charset=utf-8";
    if (c.req.header("accept")?.includes(singleObject)) {
      if (page.rows !== 1) throw restError.singularRequired(page.rows);
      body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
      contentType = `${singleObject}; charset=utf-8`;
    }
    c.header("Content-Type", contentType);
    return c.req.method === "HEAD" ? c.body(null, status) : c.body(body, status);
  };
}
