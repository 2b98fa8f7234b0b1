import { restError } from "./errors.ts";
import type { TableInfo } from "./schema-cache.ts";

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function requireColumn(column: string, table: TableInfo): string {
  if (!table.columns.has(column)) throw restError.undefinedColumn(column, table.name);
  return quoteIdentifier(column);
}

const selectItem =
  /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_]*)(?:::([a-z_][a-z0-9_]*))?$/u;

/** `select=*` or `select=a,alias:b,c::text`, PostgREST's grammar without embedding or JSON paths. */
export function selectList(value: string | undefined, table: TableInfo): string {
  const items = (value ?? "*").split(",").map((item) => item.trim());
  return items
    .map((item) => {
      if (item === "*") return "*";
      const match = selectItem.exec(item);
      if (!match) throw restError.queryParse("select parameter", `Unexpected "${item}"`);
      const [, alias, column = "", cast] = match;
      const expression = requireColumn(column, table) + (cast ? `::${cast}` : "");
      return alias || cast ? `${expression} as ${quoteIdentifier(alias ?? column)}` : expression;
    })
    .join(", ");
}

const orderTerm = /^([A-Za-z_][A-Za-z0-9_]*)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/u;

/** `order=created_at.desc,id.asc.nullslast` as an ORDER BY clause (empty when absent). */
export function orderClause(value: string | undefined, table: TableInfo): string {
  if (value === undefined) return "";
  const terms = value.split(",").map((term) => {
    const match = orderTerm.exec(term.trim());
    if (!match) throw restError.queryParse("order", `Unexpected "${term}"`);
    const [, column = "", direction, nulls] = match;
    return [
      requireColumn(column, table),
      direction ?? "asc",
      nulls === "nullsfirst" ? "nulls first" : nulls === "nullslast" ? "nulls last" : "",
    ]
      .filter(Boolean)
      .join(" ");
  });
  return `order by ${terms.join(", ")}`;
}

export function nonNegativeInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/u.test(value)) {
    throw restError.queryParse(name, `${name} must be a non-negative whole number`);
  }
  return Number(value);
}

/** `Range: 0-9` (or `10-`), which older clients send instead of offset and limit. */
export function rangeHeader(
  value: string | undefined,
): { offset: number; limit?: number } | undefined {
  if (!value) return undefined;
  const match = /^(?:items=)?(\d+)-(\d*)$/u.exec(value.trim());
  if (!match) return undefined;
  const first = Number(match[1]);
  if (!match[2]) return { offset: first };
  const last = Number(match[2]);
  if (last < first) throw restError.rangeNotSatisfiable(first, 0);
  return { offset: first, limit: last - first + 1 };
}
