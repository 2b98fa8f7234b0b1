import { restError } from "../errors.ts";
import { readFieldName, readPath, type PathStep } from "./field.ts";
import { Cursor, ParseFailure, parseOrFail } from "./parse.ts";

// PostgREST's `select` grammar (QueryParams.hs, pFieldForest): columns with JSON paths, casts,
// aliases and aggregates, and embedded resources with hints, join types and spreads, nested.

export const aggregates = ["count", "sum", "avg", "max", "min"] as const;
export type Aggregate = (typeof aggregates)[number];

export interface ColumnItem {
  type: "column";
  /** The column, or `*` for `count()`. */
  name: string;
  path: PathStep[];
  alias?: string;
  cast?: string;
  aggregate?: Aggregate;
  aggregateCast?: string;
}

export interface EmbedItem {
  type: "embed";
  /** A table or view, a foreign key's name, or a foreign key's column. */
  name: string;
  alias?: string;
  hint?: string;
  join?: "inner" | "left";
  spread: boolean;
  items: SelectItem[];
}

export type SelectItem = { type: "star" } | ColumnItem | EmbedItem;

/**
 * Bounds on one request's select, far above what a client writes by hand, so that no request
 * makes the server build (or the database plan) a statement of unbounded size.
 */
export const selectLimits = { characters: 4096, depth: 16 } as const;

/** A type's or an aggregate's name: letters, digits, `_` and `$`, or double-quoted. */
function readWord(cursor: Cursor, expecting: string): string {
  if (cursor.peek() === '"') return cursor.quoted();
  const word = /^[\p{L}\p{N}_$]+/u.exec(cursor.text.slice(cursor.index))?.[0];
  if (!word) cursor.fail(expecting);
  cursor.index += word.length;
  return word;
}

function readCast(cursor: Cursor): string | undefined {
  return cursor.take("::") ? readWord(cursor, "type name") : undefined;
}

function readEmbed(
  cursor: Cursor,
  name: string,
  alias: string | undefined,
  spread: boolean,
  depth: number,
): EmbedItem {
  const embed: EmbedItem = { type: "embed", name, spread, items: [] };
  if (alias !== undefined) embed.alias = alias;
  while (cursor.take("!")) {
    const word = readFieldName(cursor);
    if (word === "inner" || word === "left") {
      if (embed.join) cursor.fail('"("');
      embed.join = word;
    } else {
      if (embed.hint !== undefined || embed.join) cursor.fail('"(" or "!"');
      embed.hint = word;
    }
  }
  cursor.expect("(");
  if (!cursor.take(")")) {
    embed.items = readItems(cursor, depth + 1);
    cursor.expect(")", '"," or ")"');
  }
  return embed;
}

function readItem(cursor: Cursor, depth: number): SelectItem {
  if (cursor.take("*")) return { type: "star" };
  const spread = cursor.take("...");
  let name = readFieldName(cursor);
  let alias: string | undefined;
  if (cursor.peek() === ":" && !cursor.text.startsWith("::", cursor.index)) {
    cursor.index += 1;
    alias = name;
    name = readFieldName(cursor);
  }
  if (!spread && name === "count" && cursor.take("()")) {
    const item: ColumnItem = { type: "column", name: "*", path: [], aggregate: "count" };
    if (alias !== undefined) item.alias = alias;
    const cast = readCast(cursor);
    if (cast !== undefined) item.aggregateCast = cast;
    return item;
  }
  if (spread || cursor.peek() === "(" || cursor.peek() === "!") {
    return readEmbed(cursor, name, alias, spread, depth);
  }
  const item: ColumnItem = { type: "column", name, path: readPath(cursor) };
  if (alias !== undefined) item.alias = alias;
  const cast = readCast(cursor);
  if (cast !== undefined) item.cast = cast;
  if (cursor.take(".")) {
    const fn = readWord(cursor, "aggregate function (count, sum, avg, max, min)");
    if (!(aggregates as readonly string[]).includes(fn)) {
      cursor.index -= fn.length;
      cursor.fail("aggregate function (count, sum, avg, max, min)");
    }
    cursor.expect("()");
    item.aggregate = fn as Aggregate;
    const aggregateCast = readCast(cursor);
    if (aggregateCast !== undefined) item.aggregateCast = aggregateCast;
  }
  return item;
}

function readItems(cursor: Cursor, depth: number): SelectItem[] {
  if (depth > selectLimits.depth) {
    throw new ParseFailure(
      cursor.index,
      `embedded resources nest at most ${selectLimits.depth} levels deep`,
    );
  }
  const items: SelectItem[] = [];
  for (;;) {
    items.push(readItem(cursor, depth));
    if (!cursor.take(",")) return items;
  }
}

/** The select parameter as a tree; absent or empty selects every column (`*`). */
export function parseSelect(value: string | undefined): SelectItem[] {
  const text = value ?? "";
  if (text === "") return [{ type: "star" }];
  if (text.length > selectLimits.characters) {
    throw restError.selectTooLarge(
      `The select parameter is ${text.length} characters long; at most ${selectLimits.characters} are read.`,
    );
  }
  return parseOrFail("select parameter", text, 0, () => {
    const cursor = new Cursor(text);
    const items = readItems(cursor, 1);
    if (!cursor.done) cursor.fail('"," or end of input');
    return items;
  });
}
