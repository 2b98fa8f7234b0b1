import { describe, expect, it } from "vitest";
import {
  csvConversation,
  csvField,
  csvHeader,
  csvRows,
  csvTimestamp,
  type ConversationMessage,
} from "./submissions-csv.ts";

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
      conversation: null,
    };
    expect(csvHeader() + csvRows([row])).toBe(
      "\uFEFFid,created_at,name,email,phone,message,form_source,status,note,conversation\r\n" +
        '7,2026-01-31T15:00:00.123456Z,نور,noor@example.com,,"سطر\nآخر",Contact Page,new,,\r\n',
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

describe("a conversation", () => {
  const reply: ConversationMessage = {
    direction: "out",
    author_name: "Huda",
    author_email: "huda@kalima.example",
    body: 'The course starts in March, "God willing".\r\nSee you then',
    created_at: "2026-12-03T13:15:00.5+03:00",
  };
  const answer: ConversationMessage = {
    direction: "in",
    author_name: null,
    author_email: null,
    body: '=HYPERLINK("https://evil.example","شكرًا")',
    created_at: "2026-12-04T08:00:00.000001Z",
  };

  it("is one cell, oldest first, a blank line between messages, each after its time and kind", () => {
    const cell = csvConversation([reply, answer]);
    expect(cell).toBe(
      '2026-12-03T10:15:00.500000Z · reply · Huda: The course starts in March, "God willing".\nSee you then' +
        "\n\n" +
        '2026-12-04T08:00:00.000001Z · answer · =HYPERLINK("https://evil.example","شكرًا")',
    );
    // Quoted once as a whole, and never a formula: the cell starts with the first time.
    expect(csvRows([{ ...emptyRow, conversation: cell }])).toBe(
      `7,,,,,,,,,"${cell?.replaceAll('"', '""')}"\r\n`,
    );
  });

  it("names a member who gave no name by their address", () => {
    expect(csvConversation([{ ...reply, author_name: null, body: "Yes" }])).toBe(
      "2026-12-03T10:15:00.500000Z · reply · huda@kalima.example: Yes",
    );
  });

  it("is an empty cell without messages", () => {
    expect(csvConversation([])).toBeNull();
    expect(csvRows([{ ...emptyRow, conversation: csvConversation([]) }])).toBe("7,,,,,,,,,\r\n");
  });

  it("writes times and kinds as it is told", () => {
    const words = {
      time: (value: string) => value.slice(0, 10),
      kinds: { out: "ردّ", answer: "جواب", auto: "ردّ تلقائي", spam: "مزعج" },
    };
    expect(csvConversation([answer, reply], words)).toBe(
      '2026-12-04 · جواب · =HYPERLINK("https://evil.example","شكرًا")\n\n' +
        '2026-12-03 · ردّ · Huda: The course starts in March, "God willing".\nSee you then',
    );
  });

  it("names an automatic reply and spam as such, not as answers", () => {
    const away = { ...answer, kind: "auto" as const, body: "Away until Monday" };
    const junk = { ...answer, kind: "spam" as const, body: "Cheap pills" };
    expect(csvConversation([away, junk])).toMatch(
      / · automatic reply · Away until Monday\n\n.* · spam · Cheap pills$/u,
    );
  });

  it("is guarded as any cell when it would start a formula", () => {
    const words = {
      time: () => "=1+1",
      kinds: { out: "reply", answer: "answer", auto: "automatic reply", spam: "spam" },
    };
    expect(csvField(csvConversation([answer], words))).toMatch(/^"'=1\+1 · answer · =HYPERLINK/u);
  });
});

const emptyRow = {
  id: 7,
  created_at: null,
  name: null,
  email: null,
  phone: null,
  message: null,
  form_source: null,
  status: null,
  note: null,
  conversation: null,
};
