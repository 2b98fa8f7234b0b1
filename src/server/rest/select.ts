import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { QueryResult } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError, restError } from "./errors.ts";
import { parseFilters, whereClause, type Filter } from "./filters.ts";
import { preferenceApplied, readPreferences, type Preferences } from "./prefer.ts";
import { acceptedFormat, bodyColumns, noRows, sendRows, type Rows } from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import {
  orderClause,
  pagingNumber,
  qualifiedName,
  quoteIdentifier,
  rangeHeader,
  selectList,
  type Selectable,
} from "./query-params.ts";
import { requireProfile, requireTable } from "./table.ts";

/** Hosted Supabase's `max-rows`: no page is longer than this. */
export const maxRows = 1000;

export { singleObject } from "./representation.ts";

/** The query string in order, `+` read as a space (PostgREST's parseQueryReplacePlus). */
export function queryParameters(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

/**
 * SQL over `relation` with the request's filters: column names checked against it and
 * qualified with its name, values passed as parameters from `params`' end.
 */
export function filteredWhere(filters: Filter[], relation: Selectable, params: unknown[]): string {
  const qualified = quoteIdentifier(relation.name);
  return whereClause(filters, {
    column: (name) => {
      if (!relation.columns.has(name)) throw restError.undefinedColumn(name, relation.name);
      return `${qualified}.${quoteIdentifier(name)}`;
    },
    parameter: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  });
}

type Run = <Row>(sql: string, params: unknown[]) => Promise<QueryResult<Row>>;

/** Runs statements under the request's role; a read-only one refuses writes (25006, 405). */
export function runner(c: Context<AppEnv>, deps: RestDependencies, readOnly = false): Run {
  const role = requestRole(c, deps);
  // Read-only joins the role's settings: one round trip, as every other statement. On the
  // embedded database a transaction of several round trips holds its one connection between
  // them, while the server's thread is busy with other requests.
  return (sql, params) => queryAsRole(deps.db, role, sql, params, { readOnly });
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === "string" ? JSON.parse(plan) : plan;
  const rows = (parsed as [{ Plan?: { "Plan Rows"?: unknown } }] | undefined)?.[0]?.Plan?.[
    "Plan Rows"
  ];
  return typeof rows === "number" ? Math.round(rows) : 0;
}

/** What a read is over: a table or view, or the rows a function returned. */
export interface Relation {
  selectable: Selectable;
  /** The FROM item, aliased by the relation's name; it may use `params`. */
  from: string;
  params: unknown[];
  /** The query parameters left for filters, select, order and paging. */
  parameters: [string, string][];
}

/**
 * PostgREST's read: filters, select, order, limit/offset or Range, Prefer count (exact, planned
 * from EXPLAIN, estimated: exact up to max-rows, else planned) and the format asked for.
 */
export async function readRelation(
  c: Context<AppEnv>,
  relation: Relation,
  preferences: Preferences,
  run: Run,
  authenticated: boolean,
) {
  const query = Object.fromEntries(relation.parameters);
  const range = c.req.method === "GET" ? rangeHeader(c.req.header("range")) : undefined;
  const offset = pagingNumber("offset", query.offset) ?? range?.offset ?? 0;
  const limit = Math.min(pagingNumber("limit", query.limit) ?? range?.limit ?? maxRows, maxRows);
  const format = acceptedFormat(c.req.header("accept"));
  const columns = selectList(query.select, relation.selectable);
  const order = orderClause(query.order, relation.selectable);
  const params = [...relation.params];
  const where = filteredWhere(parseFilters(relation.parameters), relation.selectable, params);
  const filterParams = [...params];
  params.push(limit, offset);
  const source = `from ${relation.from} ${where}`;
  const totalSql = {
    exact: `(select count(*)::int ${source})`,
    estimated: `(select count(*)::int from (select 1 ${source} limit ${maxRows + 1}) capped)`,
    planned: "null::int",
  }[preferences.count ?? "planned"];

  let page: Rows & { total: number | null };
  let total: number | undefined;
  let planned = false;
  try {
    const result = await run<Rows & { total: number | null }>(
      `select ${bodyColumns(format)}, ${preferences.count ? totalSql : "null::int"} as total
         from (select ${columns} ${source} ${order}
                limit $${params.length - 1} offset $${params.length}) projected`,
      params,
    );
    page = result.rows[0] ?? { ...noRows, total: null };
    total = page.total ?? undefined;
    planned =
      preferences.count === "planned" ||
      (preferences.count === "estimated" && total !== undefined && total > maxRows);
    if (planned) {
      const explained = await run<{ "QUERY PLAN": unknown }>(
        `explain (format json) select 1 ${source}`,
        filterParams,
      );
      total = planRows(explained.rows[0]?.["QUERY PLAN"]);
    }
  } catch (error) {
    throw fromDatabaseError(error, authenticated);
  }

  if (!planned && total !== undefined && offset > total) {
    throw restError.rangeNotSatisfiable(offset, total);
  }
  const totalText = total === undefined ? "*" : String(total);
  c.header(
    "Content-Range",
    page.rows === 0 ? `*/${totalText}` : `${offset}-${offset + page.rows - 1}/${totalText}`,
  );
  const status = total !== undefined && page.rows < total ? 206 : 200;
  const applied = preferenceApplied(preferences, ["count", "handling"]);
  if (applied) c.header("Preference-Applied", applied);
  return sendRows(c, format, page, status);
}

/** GET and HEAD /rest/v1/:table — a read with filters, select, order, paging and count. */
export function selectRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const schemaName = requireProfile(deps.schema, c.req.header("accept-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    const preferences = readPreferences(c.req.header("prefer"));
    return readRelation(
      c,
      {
        selectable: table,
        from: qualifiedName(table),
        params: [],
        parameters: queryParameters(c.req.url),
      },
      preferences,
      runner(c, deps),
      c.get("claims").role !== "anon",
    );
  };
}
