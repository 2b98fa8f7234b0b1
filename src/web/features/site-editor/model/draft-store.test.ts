import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Draft, SaveResult } from "../api/site-content.ts";
import { DraftStore } from "./draft-store.ts";

const saved = (body: unknown, revision: number): SaveResult => ({
  saved: {
    section: "links",
    body,
    revision,
    updated_at: "2026-11-26T18:00:00Z",
    updated_by_email: "me@example.com",
    restored_from: null,
  },
});

const published = { links: { instagram: "" } };
const draftOf = (body: unknown, revision: number): Draft => ({
  section: "links",
  body,
  revision,
  updated_at: "2026-11-26T17:00:00Z",
  updated_by_email: "me@example.com",
  restored_from: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the drafts a member types", () => {
  it("start from the published content, saved first from revision 0", async () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 1)));
    const store = new DraftStore([], published, { save, delay: 500 });
    store.edit("links", { instagram: "https://instagram.com/a" });
    expect(store.snapshot().links.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith("links", { instagram: "https://instagram.com/a" }, 0);
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 1 });
  });

  it("are saved once after a pause in typing, from the revision last answered", async () => {
    const save = vi.fn((_section: string, body: unknown, base: number) =>
      Promise.resolve(saved(body, base + 1)),
    );
    const store = new DraftStore([draftOf({ instagram: "" }, 4)], published, { save });
    for (const letter of ["a", "ab", "abc"]) store.edit("links", { instagram: letter });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "abc" }, 4);
    store.edit("links", { instagram: "abcd" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "abcd" }, 5);
  });

  it("typed while a save is under way are saved after it, from its revision", async () => {
    let finish: (result: SaveResult) => void = () => {};
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockImplementation((_section, body, base) => Promise.resolve(saved(body, base + 1)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "first" });
    await vi.advanceTimersByTimeAsync(1_000);
    store.edit("links", { instagram: "second" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    finish(saved({ instagram: "first" }, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "second" }, 2);
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 3 });
  });

  it("refused because another member saved first keep this member's text until they choose", async () => {
    const theirs = {
      revision: 7,
      updated_at: "2026-11-26T18:01:00Z",
      updated_by_email: "other@example.com",
      body: { instagram: "https://instagram.com/theirs" },
    };
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockResolvedValueOnce({ conflict: theirs })
      .mockImplementation((_section, body, base) => Promise.resolve(saved(body, base + 1)));
    const store = new DraftStore([draftOf({ instagram: "" }, 6)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/mine" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.snapshot().links).toMatchObject({
      status: "conflict",
      conflict: theirs,
      body: { instagram: "https://instagram.com/mine" },
    });
    // No save goes out while the conflict stands, whatever is typed.
    store.edit("links", { instagram: "https://instagram.com/mine2" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    await store.choose("links", ["instagram"], "mine");
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "https://instagram.com/mine2" }, 7);
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 8 });
  });

  it("can take the other member's text instead, with no save of their text again", async () => {
    const theirs = {
      revision: 3,
      updated_at: "2026-11-26T18:01:00Z",
      updated_by_email: null,
      body: { instagram: "https://instagram.com/theirs" },
    };
    const save = vi.fn((): Promise<SaveResult> => Promise.resolve({ conflict: theirs }));
    const store = new DraftStore([draftOf({ instagram: "" }, 2)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/mine" });
    await vi.advanceTimersByTimeAsync(1_000);
    await store.choose("links", ["instagram"], "theirs");
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 3,
      body: theirs.body,
      savedAt: theirs.updated_at,
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(store.hasUnsaved()).toBe(false);
  });

  it("that failed to save are kept, and saved by the next flush", async () => {
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation((_section, body, base) => Promise.resolve(saved(body, base + 1)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "kept" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.snapshot().links.status).toBe("failed");
    expect(store.hasUnsaved()).toBe(true);
    expect(await store.flushAll()).toBe(true);
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "kept" }, 1);
  });

  it("that the database would refuse are held, unsent, until mended", async () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 2)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, {
      save,
      sendable: (_section, body) =>
        !(body as { instagram: string }).instagram.startsWith("javascript:"),
    });
    store.edit("links", { instagram: "javascript:alert(1)" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).not.toHaveBeenCalled();
    expect(store.snapshot().links.status).toBe("held");
    store.edit("links", { instagram: "https://instagram.com/a" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledWith("links", { instagram: "https://instagram.com/a" }, 1);
    expect(store.snapshot().links.status).toBe("saved");
  });
});

describe("nothing typed is lost", () => {
  it("saves what waits for a pause when the editor is left, instead of dropping it", async () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 2)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/typed" });
    await vi.advanceTimersByTimeAsync(300);
    store.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith("links", { instagram: "https://instagram.com/typed" }, 1);
  });

  it("keeps unsaved text through a refresh, and takes the server's where nothing is pending", () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 2)));
    const store = new DraftStore(
      [draftOf({ instagram: "" }, 1), { ...draftOf([], 1), section: "stories" }],
      published,
      { save },
    );
    store.edit("links", { instagram: "https://instagram.com/mine" });
    store.refresh([
      { ...draftOf({ instagram: "https://instagram.com/restored" }, 2), restored_from: 3 },
      { ...draftOf([{ quote: "theirs" }], 2), section: "stories" },
    ]);
    expect(store.snapshot().links).toMatchObject({
      body: { instagram: "https://instagram.com/mine" },
      revision: 1,
      status: "unsaved",
    });
    expect(store.snapshot().stories).toMatchObject({ body: [{ quote: "theirs" }], revision: 2 });
    store.dispose();
  });

  it("after a conflict where no field was changed by both, saves the merge at once from their revision", async () => {
    const base = { instagram: "https://instagram.com/a", x: "https://x.com/a" };
    const theirs = { instagram: "https://instagram.com/theirs", x: "https://x.com/a" };
    const conflict = {
      revision: 2,
      updated_at: "2026-11-26T18:00:00Z",
      updated_by_email: "omar@example.com",
      body: theirs,
    };
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockResolvedValueOnce({ conflict })
      .mockImplementation((_section, body) => Promise.resolve(saved(body, 3)));
    const store = new DraftStore([draftOf(base, 1)], published, { save });
    store.edit("links", { ...base, x: "https://x.com/mine" });
    await store.flush("links");
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(
      "links",
      { instagram: "https://instagram.com/theirs", x: "https://x.com/mine" },
      2,
    );
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 3,
      merged: { with: conflict, theirs: [["instagram"]], mine: [["x"]], chosen: [] },
    });
  });
});

describe("a conflict's choice, field by field", () => {
  const base = {
    instagram: "https://instagram.com/a",
    x: "https://x.com/a",
    tiktok: "https://tiktok.com/@a",
    facebook: "https://facebook.com/a",
  };
  // Omar changed instagram, x and tiktok; this member instagram, x and facebook.
  const theirs = {
    ...base,
    instagram: "https://instagram.com/omar",
    x: "https://x.com/omar",
    tiktok: "https://tiktok.com/@omar",
  };
  const mine = {
    ...base,
    instagram: "https://instagram.com/mine",
    x: "https://x.com/mine",
    facebook: "https://facebook.com/mine",
  };
  const conflict = {
    revision: 5,
    updated_at: "2026-11-26T18:00:00Z",
    updated_by_email: "omar@example.com",
    body: theirs,
  };

  async function conflicted() {
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockResolvedValueOnce({ conflict })
      .mockImplementation((_section, body, revision) => Promise.resolve(saved(body, revision + 1)));
    const store = new DraftStore([draftOf(base, 4)], published, { save });
    store.edit("links", mine);
    await store.flush("links");
    return { save, store };
  }

  it("asks only about the fields both changed, and merges the rest without a question", async () => {
    const { save, store } = await conflicted();
    expect(store.snapshot().links.status).toBe("conflict");
    const merge = store.merge("links")!;
    expect(merge.conflicts.map(({ path }) => path)).toEqual([["instagram"], ["x"]]);
    expect(merge.conflicts[0]).toMatchObject({
      theirs: "https://instagram.com/omar",
      mine: "https://instagram.com/mine",
    });
    expect(merge.theirs).toEqual([["tiktok"]]);
    expect(merge.mine).toEqual([["facebook"]]);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("saves once, from their revision, when the last field has its choice", async () => {
    const { save, store } = await conflicted();
    await store.choose("links", ["x"], "theirs");
    expect(store.snapshot().links).toMatchObject({ status: "conflict", choices: { x: "theirs" } });
    expect(save).toHaveBeenCalledTimes(1);
    // A choice may be changed while another field still waits.
    await store.choose("links", ["x"], "mine");
    await store.choose("links", ["x"], "theirs");
    await store.choose("links", ["instagram"], "mine");
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(
      "links",
      {
        instagram: "https://instagram.com/mine",
        x: "https://x.com/omar",
        // Omar's other field is never reverted; this member's own is kept.
        tiktok: "https://tiktok.com/@omar",
        facebook: "https://facebook.com/mine",
      },
      5,
    );
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 6,
      conflict: undefined,
      choices: undefined,
      merged: {
        with: conflict,
        theirs: [["tiktok"]],
        mine: [["facebook"]],
        chosen: [
          { path: ["instagram"], side: "mine" },
          { path: ["x"], side: "theirs" },
        ],
      },
    });
  });

  it("takes what is typed while the choice waits, and sends nothing before it", async () => {
    const { save, store } = await conflicted();
    await store.choose("links", ["instagram"], "mine");
    store.edit("links", { ...mine, instagram: "https://instagram.com/mine2" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
    await store.choose("links", ["x"], "mine");
    expect(save).toHaveBeenLastCalledWith(
      "links",
      { ...mine, instagram: "https://instagram.com/mine2", tiktok: "https://tiktok.com/@omar" },
      5,
    );
  });

  it("needs no choice for a field this member typed back to their text", async () => {
    const { save, store } = await conflicted();
    await store.choose("links", ["instagram"], "theirs");
    store.edit("links", { ...mine, x: "https://x.com/omar" });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(
      "links",
      { ...theirs, facebook: "https://facebook.com/mine" },
      5,
    );
  });

  it("asks again when a third member saved before the merge", async () => {
    const third = {
      revision: 6,
      updated_at: "2026-11-26T18:02:00Z",
      updated_by_email: "huda@example.com",
      body: {
        ...theirs,
        tiktok: "https://tiktok.com/@huda",
        facebook: "https://facebook.com/huda",
      },
    };
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockResolvedValueOnce({ conflict })
      .mockResolvedValueOnce({ conflict: third })
      .mockImplementation((_section, body, revision) => Promise.resolve(saved(body, revision + 1)));
    const store = new DraftStore([draftOf(base, 4)], published, { save });
    store.edit("links", mine);
    await store.flush("links");
    await store.choose("links", ["instagram"], "mine");
    await store.choose("links", ["x"], "mine");
    expect(store.snapshot().links).toMatchObject({
      status: "conflict",
      conflict: third,
      choices: {},
      merged: undefined,
    });
    expect(store.merge("links")!.conflicts.map(({ path }) => path)).toEqual([["facebook"]]);
  });
});

describe("another member's save, heard as it happens", () => {
  const theirs = (body: unknown, revision: number, by = "layla@example.com"): Draft => ({
    section: "links",
    body,
    revision,
    updated_at: "2026-11-27T19:02:00Z",
    updated_by_email: by,
    restored_from: null,
  });

  it("becomes the draft at once where this member has nothing unsaved, naming who saved it", () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 9)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.receive(theirs({ instagram: "https://instagram.com/layla" }, 2));
    expect(store.snapshot().links).toMatchObject({
      body: { instagram: "https://instagram.com/layla" },
      base: { instagram: "https://instagram.com/layla" },
      revision: 2,
      status: "saved",
      savedAt: "2026-11-27T19:02:00Z",
      savedBy: "layla@example.com",
      arrived: { restoredFrom: null },
    });
    expect(save).not.toHaveBeenCalled();
    // What is typed next is saved from their revision.
    store.edit("links", { instagram: "https://instagram.com/mine" });
    expect(store.snapshot().links.arrived).toBeUndefined();
  });

  it("is nothing new when this member holds that revision already, or a newer one", () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 9)));
    const store = new DraftStore([draftOf({ instagram: "mine" }, 3)], published, { save });
    const before = store.snapshot().links;
    store.receive(theirs({ instagram: "older" }, 2));
    store.receive(theirs({ instagram: "mine" }, 3, "me@example.com"));
    expect(store.snapshot().links).toBe(before);
  });

  it("meets unsaved text as a conflict before any save is refused, keeping the text and asking only about fields both changed", async () => {
    const base = { instagram: "https://instagram.com/a", x: "https://x.com/a" };
    const save = vi.fn((_section: string, body: unknown, revision: number) =>
      Promise.resolve(saved(body, revision + 1)),
    );
    const store = new DraftStore([draftOf(base, 4)], published, { save, delay: 500 });
    const mine = { ...base, instagram: "https://instagram.com/mine" };
    store.edit("links", mine);
    const layla = { ...base, instagram: "https://instagram.com/layla" };
    store.receive(theirs(layla, 5));
    expect(store.snapshot().links).toMatchObject({
      status: "conflict",
      body: mine,
      revision: 4,
      conflict: { revision: 5, updated_by_email: "layla@example.com", body: layla },
    });
    expect(store.merge("links")!.conflicts.map(({ path }) => path)).toEqual([["instagram"]]);
    // The save that waited for a pause in typing is not sent over theirs.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).not.toHaveBeenCalled();
    await store.choose("links", ["instagram"], "mine");
    expect(save).toHaveBeenCalledExactlyOnceWith("links", mine, 5);
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 6 });
  });

  it("merges at once, from their revision, when the two changed different fields", async () => {
    const base = { instagram: "https://instagram.com/a", x: "https://x.com/a" };
    const save = vi.fn((_section: string, body: unknown, revision: number) =>
      Promise.resolve(saved(body, revision + 1)),
    );
    const store = new DraftStore([draftOf(base, 4)], published, { save });
    store.edit("links", { ...base, x: "https://x.com/mine" });
    store.receive(theirs({ ...base, instagram: "https://instagram.com/layla" }, 5));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledExactlyOnceWith(
      "links",
      { instagram: "https://instagram.com/layla", x: "https://x.com/mine" },
      5,
    );
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 6,
      merged: { theirs: [["instagram"]], mine: [["x"]] },
    });
  });

  it("heard while this member's save is under way, waits for its answer", async () => {
    let finish: (result: SaveResult) => void = () => {};
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockImplementation((_section, body, base) => Promise.resolve(saved(body, base + 1)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "mine" });
    await vi.advanceTimersByTimeAsync(1_000);
    // The member's own save is heard before its answer, then another member's made over it.
    store.receive(theirs({ instagram: "mine" }, 2, "me@example.com"));
    store.receive(theirs({ instagram: "layla's, over mine" }, 3));
    expect(store.snapshot().links.status).toBe("saving");
    finish(saved({ instagram: "mine" }, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 3,
      body: { instagram: "layla's, over mine" },
      arrived: { restoredFrom: null },
    });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("replaces a standing conflict with a newer save, asking again", async () => {
    const base = { instagram: "https://instagram.com/a", x: "https://x.com/a" };
    const save = vi.fn((_section: string, body: unknown, revision: number) =>
      Promise.resolve(saved(body, revision + 1)),
    );
    const store = new DraftStore([draftOf(base, 4)], published, { save });
    const mine = { instagram: "https://instagram.com/mine", x: "https://x.com/mine" };
    store.edit("links", mine);
    store.receive(
      theirs({ instagram: "https://instagram.com/layla", x: "https://x.com/layla" }, 5),
    );
    await store.choose("links", ["instagram"], "theirs");
    expect(save).not.toHaveBeenCalled();
    const huda = { instagram: "https://instagram.com/layla", x: "https://x.com/huda" };
    store.receive(theirs(huda, 6, "huda@example.com"));
    expect(store.snapshot().links).toMatchObject({
      status: "conflict",
      choices: {},
      conflict: { revision: 6, updated_by_email: "huda@example.com" },
    });
    expect(store.merge("links")!.conflicts.map(({ path }) => path)).toEqual([["instagram"], ["x"]]);
  });

  it("names a restore that replaced the draft", () => {
    const save = vi.fn((_section: string, body: unknown) => Promise.resolve(saved(body, 9)));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/mine" });
    store.receive({ ...theirs({ instagram: "https://instagram.com/old" }, 2), restored_from: 7 });
    expect(store.snapshot().links.conflict).toMatchObject({ restored_from: 7, revision: 2 });
    store.dispose();
  });
});
