import { describe, expect, it } from "vitest";
import {
  inLanguageOrder,
  insertAt,
  isLater,
  savedReplyProblems,
  type SavedReply,
} from "./saved-reply.ts";

const reply = (id: number, language: "ar" | "en", title: string): SavedReply => ({
  id,
  language,
  title,
  body: title,
  updated_at: "2026-02-01T09:00:00+00:00",
  updated_by: null,
});

describe("a saved reply put into a reply", () => {
  it.each([
    ["", 0, 0, { value: "Text", cursor: 4 }],
    ["Hello . Bye", 6, 6, { value: "Hello Text. Bye", cursor: 10 }],
    ["Hello old. Bye", 6, 9, { value: "Hello Text. Bye", cursor: 10 }],
    ["Hello", 99, 120, { value: "HelloText", cursor: 9 }],
  ])("goes in %j at %i..%i", (value, start, end, expected) => {
    expect(insertAt(value, start, end, "Text")).toEqual(expected);
  });
});

describe("the order of saved replies", () => {
  it("puts the reply's language first, each language by title", () => {
    const replies = [
      reply(1, "en", "Dates"),
      reply(2, "ar", "المواعيد"),
      reply(3, "en", "Address"),
      reply(4, "ar", "التفاصيل"),
    ];
    const ids = (first: "ar" | "en") =>
      inLanguageOrder(replies, first).map((group) => [
        group.language,
        group.replies.map(({ id }) => id),
      ]);
    expect(ids("ar")).toEqual([
      ["ar", [4, 2]],
      ["en", [3, 1]],
    ]);
    expect(ids("en")).toEqual([
      ["en", [3, 1]],
      ["ar", [4, 2]],
    ]);
    expect(inLanguageOrder([reply(1, "en", "Dates")], "ar").map((group) => group.language)).toEqual(
      ["en"],
    );
  });
});

describe("what is checked before a save", () => {
  it("asks for visible words within the database's bounds", () => {
    expect(savedReplyProblems({ title: "Dates", body: "March" })).toEqual({});
    expect(savedReplyProblems({ title: " \u200f ", body: "\n" })).toEqual({
      title: "titleEmpty",
      body: "bodyEmpty",
    });
    // Counted in characters, as PostgreSQL counts them: an emoji is one.
    expect(savedReplyProblems({ title: "😀".repeat(120), body: "x".repeat(20_000) })).toEqual({});
    expect(savedReplyProblems({ title: "ع".repeat(121), body: "x".repeat(20_001) })).toEqual({
      title: "titleLong",
      body: "bodyLong",
    });
  });
});

describe("which change is later", () => {
  it("reads PostgreSQL's microseconds, past JavaScript's milliseconds", () => {
    expect(isLater("2026-02-01T09:00:00.123457+00:00", "2026-02-01T09:00:00.123456+00:00")).toBe(
      true,
    );
    expect(isLater("2026-02-01T09:00:00.12+00:00", "2026-02-01T09:00:00.119999+00:00")).toBe(true);
    expect(isLater("2026-02-01T09:00:00+00:00", "2026-02-01T09:00:00.000001+00:00")).toBe(false);
    expect(isLater("2026-02-01T10:00:00+01:00", "2026-02-01T09:00:00+00:00")).toBe(false);
    expect(isLater("2026-02-01T09:00:01+00:00", "2026-02-01T09:00:00.999999+00:00")).toBe(true);
  });
});
