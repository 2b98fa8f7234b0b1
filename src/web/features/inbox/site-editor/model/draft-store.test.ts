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
    const save = vi.fn(async (_section: string, body: unknown) => saved(body, 1));
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
    const save = vi.fn(async (_section: string, body: unknown, base: number) =>
      saved(body, base + 1),
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
      .mockImplementation(async (_section, body, base) => saved(body, base + 1));
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
      .mockImplementation(async (_section, body, base) => saved(body, base + 1));
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
    await store.keepMine("links");
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "https://instagram.com/mine2" }, 7);
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 8 });
  });

  it("can take the other member's text instead", async () => {
    const theirs = {
      revision: 3,
      updated_at: "2026-11-26T18:01:00Z",
      updated_by_email: null,
      body: { instagram: "https://instagram.com/theirs" },
    };
    const save = vi.fn(async (): Promise<SaveResult> => ({ conflict: theirs }));
    const store = new DraftStore([draftOf({ instagram: "" }, 2)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/mine" });
    await vi.advanceTimersByTimeAsync(1_000);
    store.takeTheirs("links");
    expect(store.snapshot().links).toMatchObject({
      status: "saved",
      revision: 3,
      body: theirs.body,
    });
    expect(store.hasUnsaved()).toBe(false);
  });

  it("that failed to save are kept, and saved by the next flush", async () => {
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockImplementation(async (_section, body, base) => saved(body, base + 1));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "kept" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.snapshot().links.status).toBe("failed");
    expect(store.hasUnsaved()).toBe(true);
    expect(await store.flushAll()).toBe(true);
    expect(save).toHaveBeenLastCalledWith("links", { instagram: "kept" }, 1);
  });

  it("that the database would refuse are held, unsent, until mended", async () => {
    const save = vi.fn(async (_section: string, body: unknown) => saved(body, 2));
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
    const save = vi.fn(async (_section: string, body: unknown) => saved(body, 2));
    const store = new DraftStore([draftOf({ instagram: "" }, 1)], published, { save });
    store.edit("links", { instagram: "https://instagram.com/typed" });
    await vi.advanceTimersByTimeAsync(300);
    store.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith("links", { instagram: "https://instagram.com/typed" }, 1);
  });

  it("keeps unsaved text through a refresh, and takes the server's where nothing is pending", () => {
    const save = vi.fn(async (_section: string, body: unknown) => saved(body, 2));
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

  it("after a conflict, saves only the fields this member changed over the other member's", async () => {
    const base = { instagram: "https://instagram.com/a", x: "https://x.com/a" };
    const theirs = { instagram: "https://instagram.com/theirs", x: "https://x.com/a" };
    const save = vi
      .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
      .mockResolvedValueOnce({
        conflict: {
          revision: 2,
          updated_at: "2026-11-26T18:00:00Z",
          updated_by_email: "omar@example.com",
          body: theirs,
        },
      })
      .mockImplementation(async (_section, body) => saved(body, 3));
    const store = new DraftStore([draftOf(base, 1)], published, { save });
    store.edit("links", { ...base, x: "https://x.com/mine" });
    await store.flush("links");
    expect(store.snapshot().links.status).toBe("conflict");
    await store.keepMine("links");
    expect(save).toHaveBeenLastCalledWith(
      "links",
      { instagram: "https://instagram.com/theirs", x: "https://x.com/mine" },
      2,
    );
    expect(store.snapshot().links).toMatchObject({ status: "saved", revision: 3 });
  });
});
