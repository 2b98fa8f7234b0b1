import type { Context } from "hono";
import type { QueryResult } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { columnResolver, conditionsOver, planSelect, type RootEmbed } from "./embed.ts";
import { fromDatabaseError, restError } from "./errors.ts";
import { parseFilters, type Filter } from "./filters.ts";
import {
  appliedBy,
  preferenceApplied,
  requestPreferences,
  rollsBack,
  type Preferences,
} from "./prefer.ts";
import { acceptedFormat, bodyColumns, noRows, sendRows, type Rows } from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import { orderClause, pagingNumber, rangeHeader, type Selectable } from "./query-params.ts";
import type { SchemaCache, TableName } from "./schema-cache.ts";
import { requireProfile, requireTable } from "./table.ts";
import { runStatement, type TransactionMode } from "./transaction.ts";
import {
  clause,
  identifier,
  join,
  param,
  qualified,
  raw,
  render,
  sql,
  type Sql,
} from "./sql/sql.ts";

/** Hosted Supabase's `max-rows`: no page is longer than this. */
export const maxRows = 1000;

export { singleObject } from "./representation.ts";

/** The query string in order, `+` read as a space (PostgREST's parseQueryReplacePlus). */
export function queryParameters(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

/**
 * The conditions of the request's filters over `relation`: column names checked against it and
 * qualified with its name.
 */
export function filterConditions(
  filters: Filter[],
  relation: Selectable,
  names: {
    embedded?: Pick<ReadonlyMap<string, Sql>, "get">;
    computed?: ReadonlyMap<string, TableName>;
  } = {},
): Sql {
  const source = { ...relation, alias: identifier(relation.name), computed: names.computed };
  return conditionsOver(filters, source, names.embedded);
}

type Run = <Row>(statement: Sql) => Promise<QueryResult<Row>>;

/** Runs statements under the request's role; a read-only one refuses writes (25006, 405). */
export function runner(c: Context<AppEnv>, deps: RestDependencies, mode: TransactionMode): Run {
  const role = requestRole(c, deps);
  // Read-only joins the role's settings: one round trip, as every other statement. On the
  // embedded database a transaction of several round trips holds its one connection between
  // them, while the server's thread is busy with other requests.
  return (statement) => {
    const { text, values } = render(statement);
    return runStatement(deps.db, role, mode, text, values);
  };
}

/**
 * The rows a read counts, as PostgREST's readPlanToCountQuery: the relation and its filters,
 * the lateral joins only of the embedded resources a filter names, and EXISTS for each other
 * inner-joined one, the one thing it asks of a row.
 */
export function countedRows(
  from: Sql,
  filters: Sql,
  embeds: ReadonlyMap<string, RootEmbed>,
  named: ReadonlySet<string>,
): Sql {
  const joined = [...embeds].filter(([key]) => named.has(key)).map(([, embed]) => embed.join);
  const exists = [...embeds]
    .filter(([key, embed]) => embed.inner && !named.has(key))
    .map(([, embed]) => embed.exists);
  return sql`from ${from} ${join(joined, " ")} ${clause("where", join([filters, ...exists], " and "))}`;
}

/** The embedded values a filter on the root may name, noting which ones it does. */
export function notingNames(embedded: ReadonlyMap<string, Sql>) {
  const named = new Set<string>();
  return {
    named,
    embedded: {
      get: (name: string) => {
        const value = embedded.get(name);
        if (value !== undefined) named.add(name);
        return value;
      },
    },
  };
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === "string" ? JSON.parse(plan) : plan;
  const rows = (parsed as [{ Plan?: { "Plan Rows"?: unknown } }] | undefined)?.[0]?.Plan?.[
    "Plan Rows"
  ];
  return typeof rows === "number" ? Math.round(rows) : 0;
}

/** What a read is over: a table or view. */
export interface Relation {
  selectable: Selectable;
  /** The table or view whose relationships its embeddings follow. */
  origin: TableName | undefined;
  /** The FROM item, aliased by the relation's name. */
  from: Sql;
  /** The query parameters left for filters, select, order and paging. */
  parameters: [string, string][];
}

/** The page a request asked for: `offset` and `limit` or `Range`, at most max-rows. */
export function requestedPage(c: Context<AppEnv>, query: Record<string, string>) {
  const range = c.req.method === "GET" ? rangeHeader(c.req.header("range")) : undefined;
  const offset = pagingNumber("offset", query.offset) ?? range?.offset ?? 0;
  const limit = Math.min(pagingNumber("limit", query.limit) ?? range?.limit ?? maxRows, maxRows);
  return { offset, limit };
}

/**
 * `Content-Range` and the status of a page of `rows` rows from `offset` out of `total`, as
 * PostgREST writes them (RangeQuery.hs); an offset past a known total is 416 PGRST103.
 */
export function pageStatus(
  c: Context<AppEnv>,
  offset: number,
  rows: number,
  total: number | undefined,
): 200 | 206 {
  if (total !== undefined && offset > total) throw restError.rangeNotSatisfiable(offset, total);
  const range = total !== 0 && rows > 0 ? `${offset}-${offset + rows - 1}` : "*";
  c.header("Content-Range", `${range}/${total ?? "*"}`);
  return total !== undefined && rows < total ? 206 : 200;
}

/**
 * A planned count, which only guesses: never less than the rows this page shows to have been
 * there (`reached`), and for count=estimated never less than the exact count up to max-rows
 * (PostgREST's max of the two).
 */
async function plannedTotal(run: Run, source: Sql, reached: number, counted = 0): Promise<number> {
  const explained = await run<{ "QUERY PLAN": unknown }>(
    sql`explain (format json) select 1 ${source}`,
  );
  return Math.max(planRows(explained.rows[0]?.["QUERY PLAN"]), counted, reached);
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
  embedding: { cache: SchemaCache; aggregatesEnabled: boolean },
) {
  const query = Object.fromEntries(relation.parameters);
  const { offset, limit } = requestedPage(c, query);
  const format = acceptedFormat(c.req.header("accept"));
  // A table's computed fields; a function's rows are not of its table's type.
  const computed =
    relation.origin && embedding.cache.computedFields(relation.origin.schema, relation.origin.name);
  const alias = identifier(relation.selectable.name);
  const order = orderClause(
    query.order,
    relation.selectable,
    columnResolver({ ...relation.selectable, alias, computed }),
  );
  const plan = planSelect(
    query.select,
    {
      ...relation.selectable,
      alias,
      origin: relation.origin,
      computed,
    },
    relation.parameters,
    embedding,
  );
  const names = notingNames(plan.embedded);
  const filters = filterConditions(parseFilters(plan.rootParameters), relation.selectable, {
    embedded: names.embedded,
    computed,
  });
  const where = clause("where", filters);
  const counted = countedRows(relation.from, filters, plan.embeds, names.named);
  const totalSql = {
    exact: sql`(select count(*)::int ${counted})`,
    estimated: sql`(select count(*)::int from (select 1 ${counted} limit ${raw(String(maxRows + 1))}) capped)`,
    planned: raw("null::int"),
  }[preferences.count ?? "planned"];

  let page: Rows & { total: number | null };
  let total: number | undefined;
  try {
    const result = await run<Rows & { total: number | null }>(
      sql`select ${raw(bodyColumns(format))}, ${preferences.count ? totalSql : raw("null::int")} as total
         from (select ${plan.columns} from ${relation.from} ${plan.joins} ${where} ${plan.groupBy} ${order}
                limit ${param(limit)} offset ${param(offset)}) projected`,
    );
    page = result.rows[0] ?? { ...noRows, total: null };
    total = page.total ?? undefined;
    const reached = page.rows > 0 ? offset + page.rows : 0;
    if (preferences.count === "planned") {
      total = await plannedTotal(run, counted, reached);
    } else if (preferences.count === "estimated" && total !== undefined && total > maxRows) {
      total = await plannedTotal(run, counted, reached, total);
    }
  } catch (error) {
    throw fromDatabaseError(error, authenticated);
  }

  const status = pageStatus(c, offset, page.rows, total);
  const applied = preferenceApplied(preferences, appliedBy.read);
  if (applied) c.header("Preference-Applied", applied);
  return sendRows(c, format, page, status);
}

/** GET and HEAD /rest/v1/:table — a read with filters, select, order, paging and count. */
export function selectRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const schemaName = requireProfile(deps.schema, c.req.header("accept-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    const preferences = await requestPreferences(c, deps);
    return readRelation(
      c,
      {
        selectable: table,
        origin: table,
        from: qualified(table),
        parameters: queryParameters(c.req.url),
      },
      preferences,
      runner(c, deps, { rollback: rollsBack(deps.txEnd, preferences) }),
      c.get("claims").role !== "anon",
      { cache: deps.schema, aggregatesEnabled: deps.aggregatesEnabled ?? false },
    );
  };
}
