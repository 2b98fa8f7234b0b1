import { restError } from "../errors.ts";

// Query parameters are parsed as PostgREST's Parsec parsers parse them, so a malformed one is
// answered with the same position and "unexpected … expecting …" details (QueryParams.hs).

export class ParseFailure extends Error {
  constructor(
    readonly position: number,
    readonly details: string,
  ) {
    super(details);
  }
}

/** A cursor over one parameter's text. */
export class Cursor {
  index = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.index >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.index];
  }

  fail(expecting: string): never {
    const next = this.peek();
    const unexpected = next === undefined ? "end of input" : `"${next}"`;
    throw new ParseFailure(this.index, `unexpected ${unexpected} expecting ${expecting}`);
  }

  take(literal: string): boolean {
    if (!this.text.startsWith(literal, this.index)) return false;
    this.index += literal.length;
    return true;
  }

  /** A double-quoted name or value: backslash escapes the next character. */
  quoted(): string {
    this.expect('"');
    let value = "";
    for (;;) {
      const character = this.peek();
      if (character === undefined) this.fail('"\\"" or end of quoted value');
      this.index += 1;
      if (character === '"') return value;
      if (character === "\\") {
        const escaped = this.peek();
        if (escaped === undefined) this.fail("escaped character");
        value += escaped;
        this.index += 1;
      } else {
        value += character;
      }
    }
  }

  expect(literal: string, expecting = `"${literal}"`): void {
    if (!this.take(literal)) this.fail(expecting);
  }
}

/** Runs `parse` over one parameter; a failure becomes PGRST100 naming `label` and the column. */
export function parseOrFail<T>(label: string, text: string, offset: number, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    throw restError.parse(label, text, offset + error.position + 1, error.details);
  }
}
