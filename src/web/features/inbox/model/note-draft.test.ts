import { afterEach, describe, expect, it } from "vitest";
import { dropDraft, keepDraft, readDraft } from "./note-draft.ts";

describe("a note's draft in this browser", () => {
  afterEach(() => localStorage.clear());

  it("is kept per member and per submission", () => {
    keepDraft("member-1", 1, "call back on Sunday", "");
    expect(readDraft("member-1", 1, "")).toMatchObject({ note: "call back on Sunday" });
    expect(readDraft("member-1", 2, "")).toBeUndefined();
    expect(readDraft("member-2", 1, "")).toBeUndefined();
  });

  it("is not offered once it says what is saved, and goes when dropped", () => {
    keepDraft("member-1", 1, "done", "");
    expect(readDraft("member-1", 1, "done")).toBeUndefined();
    keepDraft("member-1", 1, "", "");
    expect(readDraft("member-1", 1, "x")).toBeUndefined();
    keepDraft("member-1", 1, "again", "");
    dropDraft("member-1", 1);
    expect(readDraft("member-1", 1, "")).toBeUndefined();
  });

  it("ignores what is not a draft", () => {
    localStorage.setItem("kalima-inbox-draft:member-1:1", "{not json");
    expect(readDraft("member-1", 1, "")).toBeUndefined();
  });
});
