// A piece of SQL that carries its own parameters, as PostgREST's SQL.Snippet: text from this
// server's code, quoted names, and values that travel as parameters. Pieces compose (the `sql`
// tag, `join`) and are numbered $1, $2… once, by `render`, so no code counts parameters and a
// value from a request can only reach a statement as a parameter or a quoted name or literal.

class Value {
  constructor(readonly value: unknown) {}
}

type Piece = string | Value;

export class Sql {
  constructor(readonly pieces: readonly Piece[]) {}

  /** Whether it holds no text and no value. */
  get empty(): boolean {
    return this.pieces.every((piece) => piece === "");
  }
}

/** SQL written by this server's code, never text from a request. */
export function raw(text: string): Sql {
  return new Sql([text]);
}

export const empty = raw("");

/** `value` as a parameter of the statement. */
export function param(value: unknown): Sql {
  return new Sql([new Value(value)]);
}

/** `text` as a quoted identifier. */
export function identifier(name: string): Sql {
  return raw(quoteIdentifier(name));
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `"schema"."name"`, both quoted. */
export function qualified(item: { schema: string; name: string }): Sql {
  return raw(`${quoteIdentifier(item.schema)}.${quoteIdentifier(item.name)}`);
}

/**
 * A string literal that reads the same whatever `standard_conforming_strings` says: the E''
 * form, with quotes and backslashes doubled. For a JSON key or a column's name inside SQL,
 * where PostgREST writes a literal; the text must hold no NUL (the parsers refuse one).
 */
export function literal(text: string): Sql {
  return raw(`E'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`);
}

/** SQL from a template whose holes are pieces: text is never spliced in unquoted. */
export function sql(strings: TemplateStringsArray, ...holes: Sql[]): Sql {
  const pieces: Piece[] = [];
  strings.forEach((text, index) => {
    pieces.push(text);
    const hole = holes[index];
    if (hole) pieces.push(...hole.pieces);
  });
  return new Sql(pieces);
}

/** `parts` with `separator` between them; the empty ones left out. */
export function join(parts: readonly Sql[], separator: string): Sql {
  const pieces: Piece[] = [];
  for (const part of parts) {
    if (part.empty) continue;
    if (pieces.length > 0) pieces.push(separator);
    pieces.push(...part.pieces);
  }
  return new Sql(pieces);
}

/** `prefix` then `body`, or nothing when `body` is empty (`where …`, `order by …`). */
export function clause(prefix: string, body: Sql): Sql {
  return body.empty ? empty : new Sql([prefix, " ", ...body.pieces]);
}

/** A statement's text and its values, numbered in the order they appear. */
export interface Statement {
  text: string;
  values: unknown[];
}

export function render(fragment: Sql): Statement {
  let text = "";
  const values: unknown[] = [];
  for (const piece of fragment.pieces) {
    if (typeof piece === "string") {
      text += piece;
    } else {
      values.push(piece.value);
      text += "$" + String(values.length);
    }
  }
  return { text, values };
}
