import { afterEach, describe, expect, it } from "vitest";
import {
  draftLifetimeDays,
  draftedSubmissionIds,
  dropDraft,
  dropDraftsOfSubmissions,
  dropExpiredDrafts,
  keepDraft,
  keepTyped,
  readDraft,
  takeDraftsOf,
} from "./note-draft.ts";

const day = 24 * 60 * 60 * 1000;

function draftKeys() {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith("kalima-inbox-draft"))
    .sort();
}

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

  it(`is offered for ${draftLifetimeDays} days, and dropped when read after`, () => {
    keepDraft("member-1", 1, "call back on Sunday", "");
    const typed = Date.now();
    expect(readDraft("member-1", 1, "", typed + draftLifetimeDays * day - 1000)).toMatchObject({
      note: "call back on Sunday",
    });
    expect(readDraft("member-1", 1, "", typed + draftLifetimeDays * day + 1000)).toBeUndefined();
    expect(draftKeys()).toEqual([]);
  });

  it("drops every expired draft of every member at once, and what is not a draft", () => {
    const old = new Date(Date.now() - (draftLifetimeDays + 1) * day).toISOString();
    localStorage.setItem("kalima-inbox-draft:member-1:1", JSON.stringify({ note: "a", at: old }));
    localStorage.setItem("kalima-inbox-draft:member-2:2", JSON.stringify({ note: "b", at: old }));
    localStorage.setItem("kalima-inbox-draft:member-2:3", JSON.stringify({ note: "c" }));
    keepDraft("member-2", 4, "fresh", "");
    localStorage.setItem("kalima-language", "en");
    dropExpiredDrafts();
    expect(draftKeys()).toEqual(["kalima-inbox-draft:member-2:4"]);
    expect(localStorage.getItem("kalima-language")).toBe("en");
  });

  it("is taken, all of a member's, as they sign out, other members' left, and put back as it was if signing out fails", () => {
    keepDraft("member-1", 1, "a", "");
    keepDraft("member-1", 2, "b", "");
    keepDraft("member-2", 1, "c", "");
    const before = localStorage.getItem("kalima-inbox-draft:member-1:2");
    const taken = takeDraftsOf("member-1");
    expect(draftKeys()).toEqual(["kalima-inbox-draft:member-2:1"]);
    taken.putBack();
    expect(draftKeys()).toEqual([
      "kalima-inbox-draft:member-1:1",
      "kalima-inbox-draft:member-1:2",
      "kalima-inbox-draft:member-2:1",
    ]);
    expect(localStorage.getItem("kalima-inbox-draft:member-1:2")).toBe(before);
  });

  it("goes, every member's, with its submission", () => {
    keepDraft("member-1", 1, "a", "");
    keepDraft("member-2", 1, "b", "");
    keepDraft("member-2", 12, "c", "");
    keepDraft("member-1", 3, "d", "");
    expect(draftedSubmissionIds().sort((a, b) => a - b)).toEqual([1, 3, 12]);
    dropDraftsOfSubmissions([1, 3]);
    expect(draftKeys()).toEqual(["kalima-inbox-draft:member-2:12"]);
  });
});

describe("keepTyped", () => {
  it("shows what was saved anew unless the member is changing the field", () => {
    // Untouched: another member's note shows.
    expect(keepTyped("", "", "She called back")).toBe("She called back");
    // Being typed: the member's words stay, whatever was saved meanwhile.
    expect(keepTyped("Call on Sun", "", "She called back")).toBe("Call on Sun");
    expect(keepTyped("done", "new", "in_progress")).toBe("done");
  });
});

describe("a reply's draft in this browser", () => {
  afterEach(() => localStorage.clear());

  it("is kept apart from the note, and goes as a note's does: signed out, expired, or deleted", () => {
    keepDraft("member-1", 1, "a note", "");
    keepDraft("member-1", 1, "Dear Layla,", "", "reply");
    expect(readDraft("member-1", 1, "", Date.now(), "reply")).toMatchObject({
      note: "Dear Layla,",
    });
    expect(readDraft("member-1", 1, "")).toMatchObject({ note: "a note" });
    expect(draftedSubmissionIds()).toEqual([1]);

    const signedOut = takeDraftsOf("member-1");
    expect(readDraft("member-1", 1, "", Date.now(), "reply")).toBeUndefined();
    signedOut.putBack();
    expect(readDraft("member-1", 1, "", Date.now(), "reply")).toBeDefined();

    dropExpiredDrafts(Date.now() + (draftLifetimeDays + 1) * day);
    expect(readDraft("member-1", 1, "", Date.now(), "reply")).toBeUndefined();

    keepDraft("member-1", 2, "Dear Sam,", "", "reply");
    dropDraftsOfSubmissions([2]);
    expect(readDraft("member-1", 2, "", Date.now(), "reply")).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
