import type { ReadPlan } from "../plan/read-plan.ts";
import { bodyColumns, stripped, type Format } from "../request/representation.ts";
import type { FunctionInfo } from "../schema-cache.ts";
import { readStatement } from "./read.ts";
import { raw, sql, type Sql } from "./sql.ts";

/** How a function's result becomes a body: rows, or one value (PostgREST's funcReturnsSingle). */
export type ResultShape = "rows" | "row" | "values" | "value";

function bodyText(shape: ResultShape, format: Format): string {
  if (shape === "rows") return bodyColumns(format);
  const first = `(json_agg(projected${shape === "row" ? "" : ".pgrst_scalar"}) -> 0)`;
  const single = `coalesce(${stripped(format, first)}::text, 'null')`;
  const body = {
    row: single,
    value: single,
    values: `coalesce(${stripped(format, "json_agg(projected.pgrst_scalar)")}, '[]')::text`,
  }[shape];
  return `${body} as body, null::text as first, ${shape === "values" ? "count(*)::int" : "1"} as rows`;
}

/**
 * The one statement of a call, as PostgREST's: the function runs once, in the CTE pgrst_source,
 * and the page and its count are both read from that result (`plan`, over pgrst_source).
 */
export function callStatement(
  fn: FunctionInfo,
  { from, call }: { from: Sql | undefined; call: Sql },
  shape: ResultShape,
  plan: ReadPlan,
  format: Format,
): Sql {
  const source = fn.columns
    ? sql`select pgrst_call.* from ${from ? sql`${from}, lateral ` : raw("")}${call} as pgrst_call`
    : sql`select ${call} as pgrst_scalar${from ? sql` from ${from}` : raw("")}`;
  const columns = shape === "rows" || shape === "row" ? undefined : raw("pgrst_scalar");
  return sql`with pgrst_source as (${source})
    ${readStatement(plan, format, raw(bodyText(shape, format)), columns)}`;
}
