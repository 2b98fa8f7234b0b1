import { type Cursor, ParseFailure } from "./parse.ts";

// A field as PostgREST's filters, `order` and `select` name one (QueryParams.hs, pField): a
// column, then any number of JSON steps, `->key` (json) or `->>key` (text), where a key that
// is a whole number (`->0`, `->-1`) indexes an array. Keys come from the request: they reach
// SQL only as quoted literals, never spliced as they came. Read with readField from a Cursor
// (parse.ts), written with fieldSql after the column's own SQL, which the caller resolves: so
// filters, `order` and `select` share one grammar and each checks columns its own way.

export interface PathStep {
  arrow: "->" | "->>";
  key: string;
  /** `->0`: an array index, rendered as an integer; a quoted `->"0"` is a key. */
  index: boolean;
}

export interface Field {
  column: string;
  path: PathStep[];
}

/** What PostgREST's Parsec parser says it wanted where a field name was missing. */
export const fieldExpecting = "field name (* or [a..z0..9_$])";

/** Names a field's parts: double-quoted (backslash escapes), else runs of `characters`. */
function readName(cursor: Cursor, characters: RegExp, expecting: string): string {
  const start = cursor.index;
  let name: string;
  if (cursor.peek() === '"') {
    name = cursor.quoted();
  } else {
    // Runs joined by single dashes, each trimmed; a dash before ">" starts a JSON step.
    const parts: string[] = [];
    for (;;) {
      const part = characters.exec(cursor.text.slice(cursor.index))?.[0];
      if (!part) cursor.fail(expecting);
      cursor.index += part.length;
      parts.push(part.trim());
      if (cursor.peek() !== "-" || cursor.text[cursor.index + 1] === ">") break;
      cursor.index += 1;
    }
    name = parts.join("-");
  }
  // PostgreSQL refuses a NUL in any text (22021); refused here, it never reaches a statement.
  if (name.includes("\0")) throw new ParseFailure(start, "a name cannot hold a NUL character");
  return name;
}

/** A column's name: letters, digits, `_`, `$` and spaces (PostgREST's pFieldName). */
export function readFieldName(cursor: Cursor): string {
  return readName(cursor, /^[\p{L}\p{N}_$ ]+/u, fieldExpecting);
}

/** A JSON key: anything but `(-:.,>)`, which end it (PostgREST's pJsonKeyName). */
function readKeyName(cursor: Cursor): string {
  return readName(cursor, /^[^(\-:.,>)]+/u, "any non reserved character different from: .,>()");
}

// An index is digits followed by another step, a cast, a "." or "," or the end; anything else
// after them makes the whole operand a key (`->1a`), as PostgREST's pJsonOperand reads it.
const arrayIndex = /^-?\d+(?=->|::|\.|,|$)/u;

function readStep(cursor: Cursor): PathStep | undefined {
  const arrow = cursor.take("->>") ? "->>" : cursor.take("->") ? "->" : undefined;
  if (!arrow) return undefined;
  const digits = arrayIndex.exec(cursor.text.slice(cursor.index))?.[0];
  if (digits !== undefined) {
    cursor.index += digits.length;
    return { arrow, key: digits, index: true };
  }
  return { arrow, key: readKeyName(cursor), index: false };
}

/** The JSON steps after a column's name: `->items->0->>name` (none when there are none). */
export function readPath(cursor: Cursor): PathStep[] {
  const path: PathStep[] = [];
  for (let step = readStep(cursor); step; step = readStep(cursor)) path.push(step);
  return path;
}

/** `column`, `column->key`, `column->items->0->>name`, `"odd column"->"odd key"`. */
export function readField(cursor: Cursor): Field {
  const column = readFieldName(cursor);
  return { column, path: readPath(cursor) };
}
