import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { planRead } from "./plan/read-plan.ts";
import { relationRequest } from "./request/api-request.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import { noRows, sendRows, type Rows } from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import { explainCount, readStatement } from "./sql/read.ts";
import { qualified, type Sql } from "./sql/sql.ts";

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === "string" ? JSON.parse(plan) : plan;
  const rows = (parsed as [{ Plan?: { "Plan Rows"?: unknown } }] | undefined)?.[0]?.Plan?.[
    "Plan Rows"
  ];
  return typeof rows === "number" ? Math.round(rows) : 0;
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
 * GET and HEAD /rest/v1/:table — PostgREST's read: filters, select, order, limit/offset or
 * Range, Prefer count (exact, planned from EXPLAIN, estimated: exact up to max-rows, else
 * planned) and the format asked for.
 */
export function readRows(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const request = await relationRequest(c, deps);
    const { table, preferences, format, page } = request;
    const plan = planRead(
      {
        selectable: table,
        origin: table,
        from: qualified(table),
        computed: deps.schema.computedFields(table.schema, table.name),
      },
      request,
      preferences.count,
      deps,
    );
    const shape = transactionShape("read", deps, preferences, format);
    const role = requestRole(c, deps);
    const run = <Row>(statement: Sql) =>
      execute<Row>(deps, role, request.authenticated, statement, shape);

    const { maxRows } = deps.settings.current;
    const { rows } = await run<Rows & { total: number | null }>(
      readStatement(plan, format, undefined, undefined, maxRows),
    );
    const result = rows[0] ?? { ...noRows, total: null };
    let total = result.total ?? undefined;
    // A planned count only guesses: never less than the rows this page shows to have been
    // there, and for count=estimated never less than the exact count up to max-rows.
    const reached = result.rows > 0 ? page.offset + result.rows : 0;
    const estimate = preferences.count === "estimated" && total !== undefined && total > maxRows;
    if (preferences.count === "planned" || estimate) {
      const explained = await run<{ "QUERY PLAN": unknown }>(explainCount(plan));
      total = Math.max(planRows(explained.rows[0]?.["QUERY PLAN"]), total ?? 0, reached);
    }

    const status = pageStatus(c, page.offset, result.rows, total);
    const applied = preferenceApplied(preferences, appliedBy.read);
    if (applied) c.header("Preference-Applied", applied);
    return sendRows(c, format, result, status);
  };
}
