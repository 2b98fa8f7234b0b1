import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { SaveState } from "./save-state.tsx";

const saved = {
  body: {},
  base: {},
  revision: 4,
  status: "saved",
  savedAt: "2026-11-27T10:05:00Z",
} as const;

describe("<SaveState>", () => {
  it("says whose save the draft is when another member saved it", () => {
    renderWeb(<SaveState waiting={0} draft={saved} savedBy="omar@kalima.example" />, {
      language: "en",
    });
    expect(screen.getByRole("status")).toHaveTextContent(
      /^Saved by \u2068omar@kalima\.example\u2069 at /u,
    );
  });

  it("says it in Arabic, the address kept whole in its own direction", () => {
    renderWeb(<SaveState waiting={0} draft={saved} savedBy="omar@kalima.example" />, {
      language: "ar",
    });
    expect(screen.getByRole("status")).toHaveTextContent(
      /^حفظها \u2068omar@kalima\.example\u2069 الساعة /u,
    );
  });

  it("says only when for the member's own save", () => {
    renderWeb(<SaveState waiting={0} draft={saved} savedBy={undefined} />, { language: "en" });
    expect(screen.getByRole("status")).toHaveTextContent(/^Draft saved at /u);
  });

  it("says no member has saved a part yet, rather than the time the site was installed", () => {
    renderWeb(<SaveState waiting={0} draft={{ ...saved, savedBy: null }} savedBy={undefined} />, {
      language: "ar",
    });
    expect(screen.getByRole("status")).toHaveTextContent(/^لم يحفظ أيّ عضو مسودة لهذا القسم بعد/u);
    expect(screen.getByRole("status")).not.toHaveTextContent(/الساعة/u);
  });
});

describe("<SaveState> for a save heard as it happened", () => {
  it("says the draft on the screen is now another member's text", () => {
    renderWeb(
      <SaveState
        waiting={0}
        draft={{ ...saved, arrived: { restoredFrom: null } }}
        savedBy="layla@kalima.example"
      />,
      { language: "en" },
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /^\u2068layla@kalima\.example\u2069 saved this part at .*: the draft shows their text$/u,
    );
  });

  it("names a restore, in Arabic", () => {
    renderWeb(
      <SaveState
        waiting={0}
        draft={{ ...saved, arrived: { restoredFrom: 12 } }}
        savedBy="layla@kalima.example"
      />,
      { language: "ar" },
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /^استعاد \u2068layla@kalima\.example\u2069 الإصدار ١٢ الساعة .*، والمسودة الآن بنصّ ذلك الإصدار$/u,
    );
  });
});
