import { bodyColumns, type Format } from "../request/representation.ts";
import type { ReadPlan } from "../plan/read-plan.ts";
import { clause, param, raw, sql, type Sql } from "./sql.ts";

/** The page's rows, the body they make, and the count asked for (exact or estimated). */
export function readStatement(
  plan: ReadPlan,
  format: Format,
  body: Sql = raw(bodyColumns(format)),
  columns: Sql = plan.select.columns,
  /** db-max-rows: count=estimated counts exactly up to it (a call never asks for that count). */
  maxRows = 0,
): Sql {
  const total = {
    exact: sql`(select count(*)::int ${plan.counted})`,
    estimated: sql`(select count(*)::int from (select 1 ${plan.counted} limit ${raw(String(maxRows + 1))}) capped)`,
    planned: raw("null::int"),
  }[plan.count ?? "planned"];
  const { select } = plan;
  return sql`select ${body}, ${plan.count ? total : raw("null::int")} as total
         from (select ${columns} from ${plan.from} ${select.joins} ${clause("where", plan.filters)} ${select.groupBy} ${plan.order}
                limit ${param(plan.page.limit)} offset ${param(plan.page.offset)}) projected`;
}

/** The planner's guess at the count: EXPLAIN of what the count reads. */
export function explainCount(plan: ReadPlan): Sql {
  return sql`explain (format json) select 1 ${plan.counted}`;
}
