import { describe, expect, it } from "vitest";
import { csvField } from "./submissions-export.ts";

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["نور الهدى", "نور الهدى"],
    [null, ""],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["crlf\r\nline", '"crlf\r\nline"'],
    [" padded ", '" padded "'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+966 50 000 0000", "'+966 50 000 0000"],
    ["-1", "'-1"],
    ["@handle", "'@handle"],
    ['=1,"x"', `"'=1,""x"""`],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
