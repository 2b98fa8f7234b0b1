import {
  quantifiedOperators,
  simpleOperators,
  textSearchFunctions,
  type Condition,
  type Filter,
  type QuantifiedOperator,
  type SimpleOperator,
  type TextSearchOperator,
} from "../request/filters.ts";
import { fieldSql } from "./field.ts";
import { clause, empty, join, param, raw, sql, type Sql } from "./sql.ts";

// The filters' SQL (PostgREST's pgFmtFilter): each condition a field, an operator and its value
// as a parameter, the logic trees parenthesised.

/** How a filter names a column in the SQL being built; a JSON path is added after it. */
export type ColumnSql = (name: string) => Sql;

function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

/** Each operator's SQL over a field and its value: a new operator is one entry here. */
function conditionSql(condition: Condition, column: ColumnSql): Sql {
  const field = fieldSql(condition.field, column(condition.field.column));
  const { operator, value } = condition;
  if (operator === "in") return sql`${field} = any(${param(arrayLiteral(value as string[]))})`;
  if (operator === "is") return sql`${field} is ${raw(value as string)}`;
  const text = value as string;
  if (operator === "isdistinct") return sql`${field} is distinct from ${param(text)}`;
  if (Object.hasOwn(textSearchFunctions, operator)) {
    const search = raw(textSearchFunctions[operator as TextSearchOperator]);
    const language = condition.language === undefined ? empty : sql`${param(condition.language)}, `;
    return sql`${field} @@ ${search}(${language}${param(text)})`;
  }
  if (Object.hasOwn(simpleOperators, operator)) {
    return sql`${field} ${raw(simpleOperators[operator as SimpleOperator])} ${param(text)}`;
  }
  const argument = param(
    operator === "like" || operator === "ilike" ? text.replaceAll("*", "%") : text,
  );
  const quantified = condition.quantifier
    ? sql`${raw(condition.quantifier)}(${argument})`
    : argument;
  return sql`${field} ${raw(quantifiedOperators[operator as QuantifiedOperator])} ${quantified}`;
}

function filterSql(filter: Filter, column: ColumnSql): Sql {
  const condition =
    filter.type === "condition"
      ? conditionSql(filter, column)
      : sql`(${join(
          filter.children.map((child) => filterSql(child, column)),
          ` ${filter.operator} `,
        )})`;
  return filter.negated ? sql`not (${condition})` : condition;
}

/** The filters ANDed, without WHERE (empty when there are none). */
export function conditions(filters: Filter[], column: ColumnSql): Sql {
  return join(
    filters.map((filter) => filterSql(filter, column)),
    " and ",
  );
}

/** The WHERE clause for `filters` (empty when there are none). */
export function whereClause(filters: Filter[], column: ColumnSql): Sql {
  return clause("where", conditions(filters, column));
}
