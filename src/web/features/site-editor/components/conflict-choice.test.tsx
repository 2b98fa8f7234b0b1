import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSyncExternalStore } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import type { SaveResult } from "../api/site-content.ts";
import { DraftStore } from "../model/draft-store.ts";
import { ConflictContext } from "./conflict-choice.tsx";
import { ConflictNotice } from "./conflict-notice.tsx";
import { Node } from "./section-fields.tsx";

const base = {
  instagram: "https://instagram.com/a",
  x: "https://x.com/a",
  tiktok: "https://tiktok.com/@a",
  facebook: "https://facebook.com/a",
};
const conflict = {
  revision: 5,
  updated_at: "2026-11-26T18:00:00Z",
  updated_by_email: "omar@example.com",
  body: {
    ...base,
    instagram: "https://instagram.com/omar",
    x: "https://x.com/omar",
    tiktok: "https://tiktok.com/@omar",
  },
};
const mine = { ...base, instagram: "https://instagram.com/mine", x: "https://x.com/mine" };

/** The editor's conflict flow for one section, as the editor wires it. */
function Section({ store }: { store: DraftStore }) {
  const draft = useSyncExternalStore(store.subscribe, store.snapshot).links;
  const merge = store.merge("links");
  return (
    <>
      {draft.conflict && merge && (
        <ConflictNotice
          section="links"
          conflict={draft.conflict}
          merge={merge}
          choices={draft.choices}
        />
      )}
      <ConflictContext
        value={
          draft.conflict && merge
            ? {
                section: "links",
                conflict: draft.conflict,
                conflicts: merge.conflicts,
                choices: draft.choices ?? {},
                choose: (path, side) => void store.choose("links", path, side),
              }
            : undefined
        }
      >
        <Node
          section="links"
          path={[]}
          value={draft.body}
          published={undefined}
          problems={new Map()}
          onChange={(body) => store.edit("links", body)}
        />
      </ConflictContext>
    </>
  );
}

async function conflicted() {
  const save = vi
    .fn<(section: string, body: unknown, base: number) => Promise<SaveResult>>()
    .mockResolvedValueOnce({ conflict })
    .mockImplementation((section, body, revision) =>
      Promise.resolve({
        saved: {
          section: "links",
          body,
          revision: revision + 1,
          updated_at: "2026-11-26T18:05:00Z",
          updated_by_email: "me@example.com",
          restored_from: null,
        },
      }),
    );
  const store = new DraftStore(
    [
      {
        section: "links",
        body: base,
        revision: 4,
        updated_at: "2026-11-26T17:00:00Z",
        updated_by_email: "me@example.com",
        restored_from: null,
      },
    ],
    {},
    { save },
  );
  store.edit("links", mine);
  await store.flush("links");
  return { save, store };
}

describe("a conflict chosen at each field", () => {
  // jsdom lays nothing out, and has no scrolling into view.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it("shows both texts under each field both changed, and moves focus on as the member chooses", async () => {
    const user = userEvent.setup();
    const { save, store } = await conflicted();
    renderWeb(<Section store={store} />, { language: "en" });

    expect(screen.getByRole("alert")).toHaveTextContent(
      // The address is set apart from the sentence (first-strong isolate), for Arabic's sake.
      "\u2068omar@example.com\u2069 changed this part",
    );
    expect(screen.getByText("2 fields need your choice")).toBeVisible();
    expect(
      screen.getByText(/^Their changes, now in your draft: Social links › TikTok/u),
    ).toBeVisible();
    expect(screen.queryByRole("group", { name: "TikTok: you both changed it" })).toBeNull();
    const instagram = screen.getByRole("group", { name: "Instagram: you both changed it" });
    expect(instagram).toHaveTextContent("https://instagram.com/omar");
    expect(instagram).toHaveTextContent("https://instagram.com/mine");
    expect(instagram).toHaveAccessibleDescription(/^\u2068omar@example\.com\u2069 changed it at/u);

    await user.click(screen.getByRole("link", { name: "Social links › X" }));
    expect(screen.getByLabelText("X")).toHaveFocus();

    await user.click(within(instagram).getByRole("button", { name: "Take theirs" }));
    expect(within(instagram).getByRole("button", { name: "Take theirs" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const x = screen.getByRole("group", { name: "X: you both changed it" });
    expect(x).toHaveFocus();
    expect(screen.getByText("1 field needs your choice")).toBeVisible();
    expect(save).toHaveBeenCalledTimes(1);

    await user.click(within(x).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByLabelText("X")).toHaveFocus();
    expect(save).toHaveBeenLastCalledWith(
      "links",
      { ...conflict.body, x: "https://x.com/mine" },
      5,
    );
  });

  it("says it in Arabic, counted as Arabic counts", async () => {
    const { store } = await conflicted();
    renderWeb(<Section store={store} />, { language: "ar" });
    expect(screen.getByText("حقلان ينتظران اختيارك")).toBeVisible();
    const instagram = screen.getByRole("group", { name: "إنستغرام: عدّله كلٌّ منكما" });
    expect(within(instagram).getByRole("button", { name: "أبقِ نصّي" })).toBeVisible();
    expect(within(instagram).getByRole("button", { name: "خذ نصّه" })).toBeVisible();
    expect(instagram).toHaveAccessibleDescription(/^عدّله .*omar@example\.com.* الساعة/u);
  });

  it("shows another member's save at once, heard as it happened, before any save of this member's is refused", async () => {
    const user = userEvent.setup();
    const save = vi.fn((_section: string, body: unknown, revision: number) =>
      Promise.resolve({
        saved: {
          section: "links" as const,
          body,
          revision: revision + 1,
          updated_at: "2026-11-26T18:05:00Z",
          updated_by_email: "me@example.com",
          restored_from: null,
        },
      }),
    );
    const store = new DraftStore(
      [
        {
          section: "links",
          body: base,
          revision: 4,
          updated_at: "2026-11-26T17:00:00Z",
          updated_by_email: "me@example.com",
          restored_from: null,
        },
      ],
      {},
      { save, delay: 60_000 },
    );
    renderWeb(<Section store={store} />, { language: "en" });
    await user.clear(screen.getByLabelText("Instagram"));
    await user.type(screen.getByLabelText("Instagram"), "https://instagram.com/mine");

    act(() => store.receive({ section: "links", ...conflict, restored_from: null }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "\u2068omar@example.com\u2069 changed this part",
    );
    const instagram = screen.getByRole("group", { name: "Instagram: you both changed it" });
    expect(instagram).toHaveTextContent("https://instagram.com/omar");
    expect(instagram).toHaveTextContent("https://instagram.com/mine");
    expect(screen.getByLabelText("Instagram")).toHaveValue("https://instagram.com/mine");
    // Their other fields merge without a question; nothing was sent over theirs.
    expect(
      screen.getByText(
        /^Their changes, now in your draft: Social links › X, Social links › TikTok/u,
      ),
    ).toBeVisible();
    expect(save).not.toHaveBeenCalled();

    await user.click(within(instagram).getByRole("button", { name: "Keep mine" }));
    expect(save).toHaveBeenCalledExactlyOnceWith(
      "links",
      { ...conflict.body, instagram: "https://instagram.com/mine" },
      5,
    );
    expect(screen.getByLabelText("X")).toHaveValue("https://x.com/omar");
  });
});
