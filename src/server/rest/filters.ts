import { restError } from "./errors.ts";
import { Cursor, ParseFailure, parseOrFail } from "./parse.ts";

// PostgREST's horizontal filtering (docs "Tables and Views", source QueryParams.hs): each query
// parameter that is not reserved filters one column, `and`/`or` hold logic trees, and every one
// of them is ANDed. Values travel as untyped literals, so PostgreSQL casts them to the column's
// type and a bad value fails there (22P02), as on PostgREST.

export const operators = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
  isdistinct: "is distinct from",
  is: "is",
  in: "in",
} as const;

export type Operator = keyof typeof operators;

const isValues = {
  null: "null",
  true: "true",
  false: "false",
  unknown: "unknown",
  not_null: "not null",
} as const;

export type Condition = {
  type: "condition";
  column: string;
  negated: boolean;
  operator: Operator;
  value: string | string[];
};

export type Logic = {
  type: "logic";
  operator: "and" | "or";
  negated: boolean;
  children: Filter[];
};

export type Filter = Condition | Logic;

const reserved = new Set([
  "select",
  "columns",
  "on_conflict",
  "order",
  "limit",
  "offset",
  "apikey",
]);
const operatorList = "operator (eq, gt, ...)";

function readOperator(cursor: Cursor): { negated: boolean; operator: Operator } {
  const negated = cursor.take("not.");
  const word = /^[a-z]+/u.exec(cursor.text.slice(cursor.index))?.[0] ?? "";
  if (!Object.hasOwn(operators, word)) {
    cursor.fail(negated ? operatorList : `"not" or ${operatorList}`);
  }
  cursor.index += word.length;
  cursor.expect(".");
  return { negated, operator: word as Operator };
}

/** `(a,b,"c,d")`: the elements of an `in` list. */
function readList(cursor: Cursor): string[] {
  cursor.expect("(");
  const items: string[] = [];
  if (cursor.take(")")) return items;
  for (;;) {
    if (cursor.peek() === '"') {
      items.push(cursor.quoted());
    } else {
      const start = cursor.index;
      while (!cursor.done && cursor.peek() !== "," && cursor.peek() !== ")") cursor.index += 1;
      items.push(cursor.text.slice(start, cursor.index));
    }
    if (cursor.take(")")) return items;
    cursor.expect(",", '"," or ")"');
  }
}

function readIs(cursor: Cursor, value: string): string {
  const key = value.toLowerCase();
  if (!Object.hasOwn(isValues, key)) cursor.fail("null, true, false, unknown or not_null");
  return isValues[key as keyof typeof isValues];
}

/** The value of a top-level filter: the rest of the parameter, verbatim (quotes kept). */
function readTopValue(cursor: Cursor, operator: Operator): string | string[] {
  if (operator === "in") {
    const list = readList(cursor);
    if (!cursor.done) cursor.fail("end of input");
    return list;
  }
  const value = cursor.text.slice(cursor.index);
  if (operator === "is") return readIs(cursor, value);
  cursor.index = cursor.text.length;
  return value;
}

/** A value inside a logic tree ends at "," or ")" unless it is quoted or a {…} literal. */
function readTreeValue(cursor: Cursor, operator: Operator): string | string[] {
  if (operator === "in") return readList(cursor);
  if (cursor.peek() === '"') {
    const quoted = cursor.quoted();
    return operator === "is" ? readIs(cursor, quoted) : quoted;
  }
  const start = cursor.index;
  if (cursor.peek() === "{") {
    const end = cursor.text.indexOf("}", start);
    if (end === -1) {
      cursor.index = cursor.text.length;
      cursor.fail('"}"');
    }
    cursor.index = end + 1;
  } else {
    while (!cursor.done && cursor.peek() !== "," && cursor.peek() !== ")") cursor.index += 1;
  }
  const value = cursor.text.slice(start, cursor.index);
  if (operator === "is") {
    cursor.index = start;
    const word = readIs(cursor, value);
    cursor.index = start + value.length;
    return word;
  }
  return value;
}

function readField(cursor: Cursor): string {
  if (cursor.peek() === '"') return cursor.quoted();
  const match = /^[\p{L}\p{N}_$ -]+/u.exec(cursor.text.slice(cursor.index))?.[0] ?? "";
  if (!match) cursor.fail("field name (* or [a..z0..9_$])");
  cursor.index += match.length;
  return match;
}

/** Deeper trees are refused as malformed rather than allowed to exhaust the stack. */
export const maxLogicDepth = 16;

function readMembers(cursor: Cursor, depth: number): Filter[] {
  if (depth > maxLogicDepth) {
    throw new ParseFailure(cursor.index, `logic trees nest at most ${maxLogicDepth} levels deep`);
  }
  cursor.expect("(");
  const children: Filter[] = [];
  for (;;) {
    children.push(readMember(cursor, depth));
    if (cursor.take(")")) return children;
    cursor.expect(",", '"," or ")"');
  }
}

function readMember(cursor: Cursor, depth: number): Filter {
  const start = cursor.index;
  const negatedLogic = cursor.take("not.");
  for (const operator of ["and", "or"] as const) {
    if (cursor.text.startsWith(`${operator}(`, cursor.index)) {
      cursor.index += operator.length;
      return {
        type: "logic",
        operator,
        negated: negatedLogic,
        children: readMembers(cursor, depth + 1),
      };
    }
  }
  cursor.index = start;
  if (cursor.peek() === ")" || cursor.peek() === "," || cursor.done) {
    cursor.fail(
      "field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)",
    );
  }
  const column = readField(cursor);
  cursor.expect(".");
  const { negated, operator } = readOperator(cursor);
  return { type: "condition", column, negated, operator, value: readTreeValue(cursor, operator) };
}

/**
 * Every filter of a query string, in order: `column=[not.]op.value` and the logic trees
 * `or=(…)`, `and=(…)`, `not.or=(…)`, `not.and=(…)`. Reserved parameters are left to the caller.
 */
export function parseFilters(parameters: Iterable<[string, string]>): Filter[] {
  const filters: Filter[] = [];
  for (const [key, value] of parameters) {
    if (reserved.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/u.exec(key);
    if (logic) {
      filters.push(
        parseOrFail("logic tree", value, key.length, () => {
          const cursor = new Cursor(value);
          const children = readMembers(cursor, 1);
          if (!cursor.done) cursor.fail("end of input");
          return {
            type: "logic",
            operator: logic[2] as "and" | "or",
            negated: logic[1] !== undefined,
            children,
          } satisfies Logic;
        }),
      );
      continue;
    }
    if (key.includes(".") && !key.startsWith('"'))
      throw restError.notEmbedded(key.split(".")[0] ?? key);
    filters.push(
      parseOrFail("filter", value, 0, () => {
        const cursor = new Cursor(value);
        const { negated, operator } = readOperator(cursor);
        const parsed = readTopValue(cursor, operator);
        return {
          type: "condition",
          column: key,
          negated,
          operator,
          value: parsed,
        } satisfies Condition;
      }),
    );
  }
  return filters;
}

/** How a filter names a column and passes a value in the SQL being built. */
export interface SqlContext {
  column(name: string): string;
  parameter(value: string): string;
}

function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

function conditionSql(condition: Condition, context: SqlContext): string {
  const column = context.column(condition.column);
  const { operator, value } = condition;
  if (operator === "in") {
    return `${column} = any(${context.parameter(arrayLiteral(value as string[]))})`;
  }
  if (operator === "is") return `${column} is ${value as string}`;
  const text = value as string;
  const argument = context.parameter(
    operator === "like" || operator === "ilike" ? text.replaceAll("*", "%") : text,
  );
  return `${column} ${operators[operator]} ${argument}`;
}

function filterSql(filter: Filter, context: SqlContext): string {
  const sql =
    filter.type === "condition"
      ? conditionSql(filter, context)
      : `(${filter.children.map((child) => filterSql(child, context)).join(` ${filter.operator} `)})`;
  return filter.negated ? `not (${sql})` : sql;
}

/** The WHERE clause for `filters` (empty when there are none). */
export function whereClause(filters: Filter[], context: SqlContext): string {
  if (filters.length === 0) return "";
  return `where ${filters.map((filter) => filterSql(filter, context)).join(" and ")}`;
}
