import { describe, expect, it } from "vitest";
import { normaliseDigits } from "./digits.ts";

describe("normaliseDigits", () => {
  it.each([
    ["٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["۰۱۲۳۴۵۶۷۸۹", "0123456789"],
    ["code ١٢٣ 456", "code 123 456"],
    ["no digits", "no digits"],
  ])("reads %s as %s", (input, expected) => {
    expect(normaliseDigits(input)).toBe(expected);
  });
});
