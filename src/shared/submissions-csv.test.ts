import { describe, expect, it } from "vitest";
import { csvField, csvHeader, csvRows, csvTimestamp } from "./submissions-csv.ts";

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
    [-1, "-1"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("an export", () => {
  it("starts with the byte-order mark and the header, then one line per row", () => {
    const row = {
      id: 7,
      created_at: "2026-01-31T15:00:00.123456Z",
      name: "نور",
      email: "noor@example.com",
      phone: null,
      message: "سطر\nآخر",
      form_source: "Contact Page",
      status: "new",
      note: "",
    };
    expect(csvHeader() + csvRows([row])).toBe(
      "\uFEFFid,created_at,name,email,phone,message,form_source,status,note\r\n" +
        '7,2026-01-31T15:00:00.123456Z,نور,noor@example.com,,"سطر\nآخر",Contact Page,new,\r\n',
    );
  });

  it.each([
    ["2026-01-31T18:00:00.123456+03:00", "2026-01-31T15:00:00.123456Z"],
    ["2026-01-31T15:00:00+00:00", "2026-01-31T15:00:00.000000Z"],
    ["2026-01-31T15:00:00.5Z", "2026-01-31T15:00:00.500000Z"],
    ["2026-01-01T01:30:00.000001+0530", "2025-12-31T20:00:00.000001Z"],
  ])("writes the time %s as %s", (value, expected) => {
    expect(csvTimestamp(value)).toBe(expected);
  });
});
