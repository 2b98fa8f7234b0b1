import { restError } from "../errors.ts";
import { type Field, fieldExpecting, readField } from "./field.ts";
import { Cursor, ParseFailure, parseOrFail } from "./parse.ts";

// PostgREST's horizontal filtering (docs "Tables and Views", source QueryParams.hs): each query
// parameter that is not reserved filters one column, `and`/`or` hold logic trees, and every one
// of them is ANDed. Values travel as untyped parameters, so PostgreSQL casts them to the
// column's type (an array, a range, jsonb, a regconfig): a bad value fails there (22P02), and so
// does an operator the column's type lacks (42883), as on PostgREST.

// Operators that take a plain value (PostgREST's SimpleOperator): `neq`, and the array, range
// and JSON ones, whose values are literals PostgreSQL reads as the column's type: an array
// `{a,b}`, a range `[1,5)`, a JSON document `{"lang":"ar"}`.
export const simpleOperators = {
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
} as const;

// Operators that may be quantified, `like(any).{a*,b*}` (QuantOperator): the value is then an
// array literal and the comparison `= any(…)` or `= all(…)`.
export const quantifiedOperators = {
  eq: "=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
} as const;

// Full-text search, `fts(english).word`: the column @@ the query the value makes, in the named
// configuration or the database's default. A text column is searched as to_tsvector(column)
// by PostgreSQL's own text @@ tsquery.
export const textSearchFunctions = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
} as const;

export type SimpleOperator = keyof typeof simpleOperators;
export type QuantifiedOperator = keyof typeof quantifiedOperators;
export type TextSearchOperator = keyof typeof textSearchFunctions;
export type Operator =
  SimpleOperator | QuantifiedOperator | TextSearchOperator | "isdistinct" | "is" | "in";

export const operatorNames: readonly Operator[] = [
  ...(Object.keys(simpleOperators) as SimpleOperator[]),
  ...(Object.keys(quantifiedOperators) as QuantifiedOperator[]),
  ...(Object.keys(textSearchFunctions) as TextSearchOperator[]),
  "isdistinct",
  "is",
  "in",
];

const isValues = {
  null: "null",
  true: "true",
  false: "false",
  unknown: "unknown",
  not_null: "not null",
} as const;

export type Condition = {
  type: "condition";
  field: Field;
  negated: boolean;
  operator: Operator;
  /** `like(any)`, `eq(all)`: the value is an array literal, compared with any or all of it. */
  quantifier?: "any" | "all";
  /** `fts(english)`: the text search configuration. */
  language?: string;
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

function isOperator(word: string): word is Operator {
  return (operatorNames as readonly string[]).includes(word);
}

type Operation = Pick<Condition, "negated" | "operator" | "quantifier" | "language">;

/** `[not.]operator[(any|all|configuration)].`, up to the value. */
function readOperator(cursor: Cursor): Operation {
  const negated = cursor.take("not.");
  const word = /^[a-z]+/u.exec(cursor.text.slice(cursor.index))?.[0] ?? "";
  if (!isOperator(word)) cursor.fail(negated ? operatorList : `"not" or ${operatorList}`);
  cursor.index += word.length;
  const operation: Operation = { negated, operator: word };
  if (cursor.peek() === "(" && Object.hasOwn(quantifiedOperators, word)) {
    cursor.index += 1;
    if (cursor.take("any")) operation.quantifier = "any";
    else if (cursor.take("all")) operation.quantifier = "all";
    else cursor.fail('"any" or "all"');
    cursor.expect(")");
  } else if (cursor.peek() === "(" && Object.hasOwn(textSearchFunctions, word)) {
    cursor.index += 1;
    const language = /^[\p{L}\p{N}_$ ]+/u.exec(cursor.text.slice(cursor.index))?.[0];
    if (!language) cursor.fail("letter or digit");
    cursor.index += language.length;
    operation.language = language.trim();
    cursor.expect(")");
  }
  cursor.expect(".");
  return operation;
}

/** Whether `value` starts as a filter's does (`eq.`, `not.like(any).`, `fts(english).`). */
export function isFilterValue(value: string): boolean {
  try {
    readOperator(new Cursor(value));
    return true;
  } catch (error) {
    if (error instanceof ParseFailure) return false;
    throw error;
  }
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

/** Whether the tree's value goes on after `index`: the next character is not "," or ")". */
function continues(cursor: Cursor, index: number): boolean {
  const next = cursor.text[index];
  return next !== undefined && next !== "," && next !== ")";
}

// Range operators' literals, `[1,5)` or `(,10]`, hold a comma. PostgREST reads them in a tree
// only when quoted; we also read one bare when it closes right before "," or ")", where
// PostgREST would split it at its comma and fail on either half.
const rangeOperators: ReadonlySet<Operator> = new Set([
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
]);
const rangeLiteral = /^[[(][^[\]()]*[\])]/u;

/**
 * A value inside a logic tree (PostgREST's pLogicSingleVal): quoted, a `{…}` literal (no
 * braces nested), a range literal, or anything up to "," or ")".
 */
function readTreeValue(cursor: Cursor, operator: Operator): string | string[] {
  if (operator === "in") return readList(cursor);
  const start = cursor.index;
  if (cursor.peek() === '"') {
    const quoted = cursor.quoted();
    if (!continues(cursor, cursor.index)) {
      return operator === "is" ? readIs(cursor, quoted) : quoted;
    }
    cursor.index = start;
  }
  const rest = cursor.text.slice(start);
  const array = /^\{[^{}]*\}/u.exec(rest)?.[0];
  const range = rangeOperators.has(operator) ? rangeLiteral.exec(rest)?.[0] : undefined;
  if (array !== undefined) {
    cursor.index = start + array.length;
  } else if (range !== undefined && !continues(cursor, start + range.length)) {
    cursor.index = start + range.length;
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

/** Deeper trees are refused as malformed rather than allowed to exhaust the stack. */
export const maxLogicDepth = 16;

/**
 * PostgREST sets no bound on a tree's conditions; we do, so that one request cannot make the
 * database plan a statement of thousands of them. Far more than a filter written by hand.
 */
export const maxLogicConditions = 200;

/** PostgREST's `lexeme` around "(" and ",": `or=(id.eq.1, id.eq.2)`, as supabase-js's docs write. */
function skipSpaces(cursor: Cursor): void {
  while (cursor.peek() === " " || cursor.peek() === "\t") cursor.index += 1;
}

interface TreeBudget {
  conditions: number;
}

function readMembers(cursor: Cursor, depth: number, budget: TreeBudget): Filter[] {
  if (depth > maxLogicDepth) {
    throw new ParseFailure(cursor.index, `logic trees nest at most ${maxLogicDepth} levels deep`);
  }
  cursor.expect("(");
  const children: Filter[] = [];
  for (;;) {
    skipSpaces(cursor);
    children.push(readMember(cursor, depth, budget));
    skipSpaces(cursor);
    if (cursor.take(")")) return children;
    cursor.expect(",", '"," or ")"');
  }
}

function readMember(cursor: Cursor, depth: number, budget: TreeBudget): Filter {
  const start = cursor.index;
  const negatedLogic = cursor.take("not.");
  for (const operator of ["and", "or"] as const) {
    if (cursor.text.startsWith(`${operator}(`, cursor.index)) {
      cursor.index += operator.length;
      return {
        type: "logic",
        operator,
        negated: negatedLogic,
        children: readMembers(cursor, depth + 1, budget),
      };
    }
  }
  cursor.index = start;
  if (cursor.peek() === ")" || cursor.peek() === "," || cursor.done) {
    cursor.fail(`${fieldExpecting}, negation operator (not) or logic operator (and, or)`);
  }
  budget.conditions += 1;
  if (budget.conditions > maxLogicConditions) {
    throw new ParseFailure(start, `logic trees hold at most ${maxLogicConditions} conditions`);
  }
  const field = readField(cursor);
  cursor.expect(".", "delimiter (.)");
  const operation = readOperator(cursor);
  return {
    type: "condition",
    field,
    ...operation,
    value: readTreeValue(cursor, operation.operator),
  };
}

/**
 * A filter's key: a column, maybe with a JSON path (`meta->>lang`). A "." after it names an
 * embedded resource's column, which a request without embeddings cannot have (PGRST108).
 */
function readKey(key: string): Field {
  return parseOrFail("tree path", key, 0, () => {
    const cursor = new Cursor(key);
    const field = readField(cursor);
    if (cursor.peek() === "." && field.path.length === 0) throw restError.notEmbedded(field.column);
    if (!cursor.done) cursor.fail('"->", "->>" or end of input');
    return field;
  });
}

/**
 * Every filter of a query string, in order: `field=[not.]op.value` and the logic trees
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
          const children = readMembers(cursor, 1, { conditions: 0 });
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
    const field = readKey(key);
    filters.push(
      parseOrFail("filter", value, 0, () => {
        const cursor = new Cursor(value);
        const operation = readOperator(cursor);
        const parsed = readTopValue(cursor, operation.operator);
        return { type: "condition", field, ...operation, value: parsed } satisfies Condition;
      }),
    );
  }
  return filters;
}
