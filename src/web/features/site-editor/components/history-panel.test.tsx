import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import type { Version } from "../api/site-content.ts";
import { HistoryPanel } from "./history-panel.tsx";

const versions: Version[] = [
  {
    id: 3,
    changed: ["programs"],
    published_at: "2026-11-27T10:00:00Z",
    published_by_email: "sara@kalima.example",
    restored_from: null,
    rendered_at: null,
    render_problem: {
      code: "content_invalid",
      problems: [{ path: ["programs", 0, "title", "en"], kind: "tooLong", limit: 40 }],
    },
  },
  {
    id: 2,
    changed: ["stories"],
    published_at: "2026-11-27T09:00:00Z",
    published_by_email: "sara@kalima.example",
    restored_from: null,
    rendered_at: null,
    render_problem: { code: "page_failed", page: "/en/community" },
  },
];

describe("<HistoryPanel>", () => {
  it("says why a version is not shown, in English, from the server's code", () => {
    renderWeb(
      <HistoryPanel
        versions={versions}
        live={null}
        busy={false}
        replaces={[]}
        onAsk={vi.fn()}
        onRestore={vi.fn()}
      />,
      {
        language: "en",
      },
    );
    expect(
      screen.getByText(
        "Not shown: Programs › Program 1 › Title › English: Keep it to 40 characters so it fits its place on a phone.",
      ),
    ).toBeVisible();
    expect(
      screen.getByText("Not shown: The page /en/community cannot be shown with this content."),
    ).toBeVisible();
  });

  it("says it in Arabic, with Arabic digits", () => {
    renderWeb(
      <HistoryPanel
        versions={versions}
        live={null}
        busy={false}
        replaces={[]}
        onAsk={vi.fn()}
        onRestore={vi.fn()}
      />,
      {
        language: "ar",
      },
    );
    expect(screen.getByText(/^لم يُعرض: البرامج › البرنامج ١ › .*٤٠ حرفًا/u)).toBeVisible();
    expect(screen.getByText(/^لم يُعرض: لا يمكن عرض الصفحة \/en\/community/u)).toBeVisible();
  });
});

describe("<HistoryPanel> for a restore", () => {
  it("says which version it published again, in place of which", () => {
    const restore: Version = {
      ...versions[0]!,
      id: 4,
      restored_from: 1,
      render_problem: null,
    };
    const earlier = { ...versions[1]!, render_problem: null };
    renderWeb(
      <HistoryPanel
        versions={[restore, versions[0]!, earlier]}
        live={4}
        busy={false}
        replaces={[]}
        onAsk={vi.fn()}
        onRestore={vi.fn()}
      />,
      { language: "ar" },
    );
    // Version 3 never rendered: the site showed version 2 before the restore.
    expect(screen.getByText("أُعيد نشر الإصدار ١ بدل الإصدار ٢")).toBeVisible();
  });
});
