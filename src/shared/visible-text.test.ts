import { describe, expect, it } from "vitest";
import { hasVisibleText } from "./visible-text.ts";

describe("hasVisibleText", () => {
  it.each([" \t\n", "\u200b\u200c\u200d", "\u3000\u00a0\ufeff", "\u200f\u2066\u2069", ""])(
    "finds nothing to read in %j",
    (value) => expect(hasVisibleText(value)).toBe(false),
  );
  it.each(["نور", " a ", "\u200bx", "٥"])("reads %j", (value) => {
    expect(hasVisibleText(value)).toBe(true);
  });
});
