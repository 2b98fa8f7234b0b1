import { describe, expect, it } from "vitest";
import type { Version } from "../api/site-content.ts";
import { afterVersion, type LiveState, type VersionRow } from "./live-version.ts";

const version = (id: number, more: Partial<Version> = {}): Version => ({
  id,
  changed: ["stories"],
  published_at: "2026-11-27T19:00:00Z",
  published_by_email: "omar@example.com",
  restored_from: null,
  rendered_at: "2026-11-27T19:00:01Z",
  render_problem: null,
  ...more,
});

const state: LiveState = {
  published: { stories: [{ quote: "before" }] },
  live: 7,
  versions: [version(7), version(6)],
};

const row = (id: number, more: Partial<VersionRow> = {}): VersionRow => ({
  ...version(id, { rendered_at: null, published_by_email: "layla@example.com" }),
  content: { stories: [{ quote: "after" }] },
  published_by: "layla-id",
  ...more,
});

describe("a version heard as it is written", () => {
  it("becomes the published baseline at once, first in the history", () => {
    const next = afterVersion(state, row(8));
    expect(next).toEqual({
      published: { stories: [{ quote: "after" }] },
      live: 8,
      versions: [
        { ...version(8), rendered_at: null, published_by_email: "layla@example.com" },
        version(7),
        version(6),
      ],
    });
    // Its content stays out of the history's list.
    expect((next as LiveState).versions[0]).not.toHaveProperty("content");
  });

  it("is the first publication when nothing was live", () => {
    const next = afterVersion({ published: {}, live: null, versions: [] }, row(1));
    expect(next).toMatchObject({ live: 1, published: { stories: [{ quote: "after" }] } });
  });

  it("updates the history only, once rendered, or when older than the live one", () => {
    const rendered = afterVersion(state, { ...row(7), rendered_at: "2026-11-27T19:00:02Z" });
    expect(rendered).toMatchObject({ live: 7, published: state.published });
    expect((rendered as LiveState).versions[0]!.rendered_at).toBe("2026-11-27T19:00:02Z");
    expect(afterVersion(state, row(5))).toMatchObject({ live: 7, published: state.published });
  });

  it("asks for a read when the live version is refused, or the row comes without content", () => {
    expect(
      afterVersion(state, row(7, { render_problem: { code: "page_failed", page: "/programs" } })),
    ).toBe("read again");
    expect(afterVersion(state, row(8, { content: undefined }))).toBe("read again");
    // A refused version that was never live changes only the history.
    const refused = afterVersion(
      state,
      row(8, { render_problem: { code: "page_failed", page: "/programs" } }),
    );
    expect(refused).toMatchObject({ live: 7, published: state.published });
  });
});
