import { restError } from "../errors.ts";
import { readField } from "./field.ts";
import { fieldSql } from "../sql/field.ts";
import { Cursor, parseOrFail } from "./parse.ts";
import type { TableInfo } from "../schema-cache.ts";
import { clause, empty, identifier, join, raw, sql, type Sql } from "../sql/sql.ts";

/** The columns a select list may name: a table's, or a function's result's. */
export type Selectable = Pick<TableInfo, "schema" | "name" | "columns">;

function requireColumn(column: string, table: Selectable): Sql {
  if (!table.columns.has(column)) throw restError.undefinedColumn(column, table.name);
  return identifier(column);
}

/**
 * `order=created_at.desc,id.asc.nullslast,meta->>lang` as an ORDER BY clause (empty when
 * absent); a term may follow a JSON path into its column (field.ts).
 */
export function orderClause(
  value: string | undefined,
  table: Selectable,
  resolve: (column: string) => Sql = (column) => requireColumn(column, table),
): Sql {
  if (value === undefined || value === "") return empty;
  return parseOrFail("order", value, 0, () => {
    const cursor = new Cursor(value);
    const terms: Sql[] = [];
    for (;;) {
      const field = readField(cursor);
      const column = fieldSql(field, resolve(field.column));
      const direction = cursor.take(".asc") ? "asc" : cursor.take(".desc") ? "desc" : "asc";
      const nulls = cursor.take(".nullsfirst")
        ? " nulls first"
        : cursor.take(".nullslast")
          ? " nulls last"
          : "";
      terms.push(sql`${column} ${raw(direction + nulls)}`);
      if (cursor.done) return clause("order by", join(terms, ", "));
      cursor.expect(",", '"," or end of input');
    }
  });
}

/**
 * `limit` and `offset` as PostgREST reads them (`readMaybe`): a value that is not a whole
 * number is ignored, a negative limit cannot be satisfied.
 */
export function pagingNumber(
  name: "limit" | "offset",
  value: string | undefined,
): number | undefined {
  if (value === undefined || !/^[+-]?\d{1,15}$/u.test(value.trim())) return undefined;
  const number = Number(value);
  if (number < 0) {
    if (name === "limit") throw restError.limitNegative();
    return undefined;
  }
  return number;
}

/** `Range: 0-9` (or `10-`), the header older clients send instead of offset and limit (GET only). */
export function rangeHeader(
  value: string | undefined,
): { offset: number; limit?: number } | undefined {
  if (!value) return undefined;
  const match = /^(\d+)-(\d*)$/u.exec(value.trim());
  if (!match) return undefined;
  const first = Number(match[1]);
  if (!match[2]) return { offset: first };
  const last = Number(match[2]);
  if (last < first) throw restError.rangeBoundaries();
  return { offset: first, limit: last - first + 1 };
}
