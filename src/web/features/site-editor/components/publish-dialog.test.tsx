import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import type { Language } from "../../../../shared/language.ts";
import type { Change } from "../model/changes.ts";
import { PublishDialog, pauseAfterReading } from "./publish-dialog.tsx";

// jsdom has no modal dialogs: opening and closing one is enough here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.useRealTimers();
});

const before = {
  programs: [{ id: "between-the-covers", title: { ar: "بين الدفّتين", en: "Between the covers" } }],
  stories: [{ author: { ar: "سارة", en: "Sara" } }],
};
const after = {
  programs: [{ id: "between-the-covers", title: { ar: "بين الدفّتين", en: "Between the cov" } }],
  stories: [
    {
      author: { ar: "سارة", en: "Sara" },
      image: { path: "stories/a1.webp", alt: { ar: "سارة على المنصة", en: "Sara on stage" } },
    },
  ],
};
const photo: Change = {
  path: ["stories", 0, "image", "path"],
  before: undefined,
  after: "stories/a1.webp",
};
const title: Change = {
  path: ["programs", 0, "title", "en"],
  before: "Between the covers",
  after: "Between the cov",
};

function Dialog(props: {
  changes: Change[];
  updated?: boolean;
  reading?: boolean;
  onConfirm: () => void;
}) {
  return (
    <PublishDialog
      open
      authors={[]}
      updated={props.updated ?? false}
      reading={props.reading}
      changes={props.changes}
      documents={{ before, after }}
      busy={false}
      onConfirm={props.onConfirm}
      onClose={vi.fn()}
    />
  );
}

describe("<PublishDialog>", () => {
  it.each(["en", "ar"] as const)(
    "names a photo by its thumbnail in the site's crop and its description (%s)",
    (language: Language) => {
      renderWeb(<Dialog changes={[photo]} onConfirm={vi.fn()} />, { language });
      const description = after.stories[0]!.image.alt[language];
      const thumbnail = screen.getByRole("img", { name: description });
      expect(thumbnail.getAttribute("src")).toMatch(/stories\/a1\.webp\?width=128&height=128&/u);
      expect(thumbnail).toHaveAttribute("width", "64");
      expect(screen.queryByText("stories/a1.webp")).toBeNull();
      // The story is named by its speaker, not by its number alone.
      expect(
        screen.getByText(new RegExp(language === "ar" ? "القصة ١: سارة" : "Story 1: Sara", "u")),
      ).toBeVisible();
    },
  );

  it("pauses publishing while the list is read again, then marks what changed and counts down", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onConfirm = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { rerender } = renderWeb(<Dialog changes={[photo]} onConfirm={onConfirm} />, {
      language: "ar",
    });
    const confirm = () => screen.getByRole("button", { name: /^(انشر|راجِع التعديلات)/u });
    expect(confirm()).toHaveTextContent("انشر");
    expect(confirm()).not.toHaveAttribute("aria-disabled", "true");

    // A colleague saved: the list is being read again.
    rerender(<Dialog changes={[photo]} reading onConfirm={onConfirm} />);
    expect(confirm()).toHaveAttribute("aria-disabled", "true");
    await user.click(confirm());
    expect(onConfirm).not.toHaveBeenCalled();

    // Read again, with the colleague's half-typed title: marked, and publishing waits.
    rerender(<Dialog changes={[photo, title]} updated onConfirm={onConfirm} />);
    expect(confirm()).toHaveAttribute("aria-disabled", "true");
    expect(confirm()).toHaveTextContent("راجِع التعديلات (٢)");
    expect(confirm()).toHaveAccessibleDescription(/ينتظر النشر لحظة/u);
    const fresh = screen.getByText("جديد").closest("li")!;
    expect(within(fresh).getByText("Between the cov")).toBeVisible();
    expect(within(fresh).getByText(/البرنامج ١: بين الدفّتين/u)).toBeVisible();
    expect(screen.getAllByText("جديد")).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent(/الأسطر الموسومة «جديد»/u);
    await user.click(confirm());
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(pauseAfterReading / 2);
    });
    expect(confirm()).toHaveAttribute("aria-disabled", "true");
    act(() => {
      vi.advanceTimersByTime(pauseAfterReading / 2 + 500);
    });
    expect(confirm()).toHaveTextContent("انشر");
    expect(confirm()).not.toHaveAttribute("aria-disabled", "true");
    await user.click(confirm());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
