// The filters a postgres_changes subscription may carry, as realtime-js writes them:
// `column=operator.value`, with eq, neq, lt, lte, gt, gte and in (`in.(a,b,c)`), several joined
// by commas (`id=eq.1,age=lt.30`, realtime-js's postgresChangesFilter()), each of which must hold.

export const filterOperators = ["eq", "neq", "lt", "lte", "gt", "gte", "in"] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface ChangeFilter {
  column: string;
  operator: FilterOperator;
  values: string[];
}

export class FilterError extends Error {
  override name = "FilterError";
}

function isOperator(value: string): value is FilterOperator {
  return (filterOperators as readonly string[]).includes(value);
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replace(/\\(.)/gu, "$1")
    : trimmed;
}

export function parseChangeFilter(filter: string): ChangeFilter {
  const equals = filter.indexOf("=");
  const dot = filter.indexOf(".", equals + 1);
  if (equals <= 0 || dot < 0) throw new FilterError(`invalid filter ${filter}`);
  const column = filter.slice(0, equals);
  const operator = filter.slice(equals + 1, dot);
  const value = filter.slice(dot + 1);
  if (!isOperator(operator)) throw new FilterError(`invalid operator ${operator} for filter`);
  if (operator === "in") {
    if (!value.startsWith("(") || !value.endsWith(")")) {
      throw new FilterError(`invalid value for in filter: ${value}`);
    }
    const inner = value.slice(1, -1);
    const values = inner === "" ? [] : inner.split(",").map(unquote);
    if (values.length > 100) throw new FilterError("an in filter takes at most 100 values");
    return { column, operator, values };
  }
  return { column, operator, values: [unquote(value)] };
}

/** At most this many filters on one subscription, each checked against every change. */
const maxFilters = 10;

/** Comma-joined filters, split where a comma is neither quoted nor inside an `in` list. */
export function parseChangeFilters(text: string): ChangeFilter[] {
  const parts: string[] = [];
  let start = 0;
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted && character === "\\") index++;
    else if (character === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (character === "(") depth++;
    else if (character === ")") depth--;
    else if (character === "," && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  if (parts.length > maxFilters) {
    throw new FilterError(`a subscription takes at most ${maxFilters} filters`);
  }
  return parts.map(parseChangeFilter);
}

const numericTypes = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
const timeTypes = new Set(["timestamptz", "timestamp", "date"]);

function compare(cell: unknown, value: string, type: string): number | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (numericTypes.has(type)) {
    const left = Number(cell);
    const right = Number(value);
    if (Number.isNaN(left) || Number.isNaN(right)) return undefined;
    return left === right ? 0 : left < right ? -1 : 1;
  }
  if (type === "bool") {
    if (!["true", "t", "false", "f"].includes(value)) return undefined;
    const right = value === "true" || value === "t";
    return cell === right ? 0 : cell ? 1 : -1;
  }
  if (timeTypes.has(type)) {
    const left = Date.parse(typeof cell === "string" ? cell : JSON.stringify(cell));
    const right = Date.parse(value);
    if (!Number.isNaN(left) && !Number.isNaN(right)) {
      return left === right ? 0 : left < right ? -1 : 1;
    }
  }
  const left = typeof cell === "string" ? cell : JSON.stringify(cell);
  return left === value ? 0 : left < value ? -1 : 1;
}

/** Whether `record` (a row as JSON) passes `filter`, `type` being the column's type name. */
export function passesFilter(
  filter: ChangeFilter,
  record: Record<string, unknown>,
  type: string,
): boolean {
  if (!(filter.column in record)) return false;
  const cell = record[filter.column];
  if (filter.operator === "in") {
    return filter.values.some((value) => compare(cell, value, type) === 0);
  }
  const order = compare(cell, filter.values[0] ?? "", type);
  if (order === undefined) return false;
  switch (filter.operator) {
    case "eq":
      return order === 0;
    case "neq":
      return order !== 0;
    case "lt":
      return order < 0;
    case "lte":
      return order <= 0;
    case "gt":
      return order > 0;
    case "gte":
      return order >= 0;
  }
}
