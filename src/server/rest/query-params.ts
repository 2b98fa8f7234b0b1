import { restError } from "./errors.ts";
import { fieldSql, readField } from "./field.ts";
import { Cursor, parseOrFail } from "./parse.ts";
import type { TableInfo } from "./schema-cache.ts";

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `"schema"."name"`, both quoted: names come from the catalogue, never from the request. */
export function qualifiedName(item: { schema: string; name: string }): string {
  return `${quoteIdentifier(item.schema)}.${quoteIdentifier(item.name)}`;
}

/** The columns a select list may name: a table's, or a function's result's. */
export type Selectable = Pick<TableInfo, "schema" | "name" | "columns">;

function requireColumn(column: string, table: Selectable): string {
  if (!table.columns.has(column)) throw restError.undefinedColumn(column, table.name);
  return quoteIdentifier(column);
}

const name = /^[\p{L}\p{N}_$]+/u;

function readName(cursor: Cursor, expecting: string): string {
  if (cursor.peek() === '"') return cursor.quoted();
  const match = name.exec(cursor.text.slice(cursor.index))?.[0];
  if (!match) cursor.fail(expecting);
  cursor.index += match.length;
  return match;
}

/** `select=*` or `select=a,alias:b,c::text`, PostgREST's grammar without embedding or JSON paths. */
export function selectList(value: string | undefined, table: Selectable): string {
  const text = value ?? "";
  if (text === "") return "*";
  return parseOrFail("select parameter", text, 0, () => {
    const cursor = new Cursor(text);
    const items: string[] = [];
    for (;;) {
      if (cursor.take("*")) {
        items.push("*");
      } else {
        let column = readName(cursor, "field name (* or [a..z0..9_$])");
        let alias: string | undefined;
        if (
          cursor.text.startsWith(":", cursor.index) &&
          !cursor.text.startsWith("::", cursor.index)
        ) {
          cursor.index += 1;
          alias = column;
          column = readName(cursor, "field name (* or [a..z0..9_$])");
        }
        // An embedding, with or without a foreign-key hint (`author!fk(name)`): we have none.
        if (cursor.take("!")) {
          const hint = readName(cursor, "field name (* or [a..z0..9_$])");
          throw restError.noRelationship(table, column, hint);
        }
        if (cursor.peek() === "(") throw restError.noRelationship(table, column);
        const cast = cursor.take("::") ? readName(cursor, "type name") : undefined;
        const expression =
          requireColumn(column, table) + (cast ? `::${quoteIdentifier(cast)}` : "");
        items.push(
          alias || cast ? `${expression} as ${quoteIdentifier(alias ?? column)}` : expression,
        );
      }
      if (cursor.done) return items.join(", ");
      cursor.expect(",", '"," or end of input');
    }
  });
}

/**
 * `order=created_at.desc,id.asc.nullslast,meta->>lang` as an ORDER BY clause (empty when
 * absent); a term may follow a JSON path into its column (field.ts).
 */
export function orderClause(
  value: string | undefined,
  table: Selectable,
  resolve: (column: string) => string = (column) => requireColumn(column, table),
): string {
  if (value === undefined || value === "") return "";
  return parseOrFail("order", value, 0, () => {
    const cursor = new Cursor(value);
    const terms: string[] = [];
    for (;;) {
      const field = readField(cursor);
      const column = fieldSql(field, resolve(field.column));
      const direction = cursor.take(".asc") ? "asc" : cursor.take(".desc") ? "desc" : "asc";
      const nulls = cursor.take(".nullsfirst")
        ? " nulls first"
        : cursor.take(".nullslast")
          ? " nulls last"
          : "";
      terms.push(`${column} ${direction}${nulls}`);
      if (cursor.done) return `order by ${terms.join(", ")}`;
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
