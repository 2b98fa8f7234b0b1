import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import type { Language } from "../../../../shared/language.ts";
import { siteContentSections, type SiteContentSection } from "../../../../shared/site-content.ts";
import { initialSiteContent } from "../../../content/initial-site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import { revealField } from "../model/fields.ts";
import { sectionProblems } from "../model/problems.ts";
import { ProblemSummary } from "./problem-summary.tsx";
import { Node } from "./section-fields.tsx";

const words = { ar, en };

/** The page texts with the home page's Arabic title emptied, as a member would leave it. */
function pagesWithProblem() {
  const pages = structuredClone(initialSiteContent().pages);
  pages.meta.home.title.ar = "";
  return pages;
}

/** The summary and the page texts' fields, as the editor draws them. */
function PagesEditor({ language }: { language: Language }) {
  const [body, setBody] = useState<unknown>(pagesWithProblem);
  const digits = (count: number) => formatNumber(language, count);
  const problems = Object.fromEntries(
    siteContentSections.map((section) => [
      section,
      section === "pages"
        ? sectionProblems("pages", body, words[language].problems, digits)
        : new Map(),
    ]),
  ) as Record<SiteContentSection, Map<string, string>>;
  return (
    <>
      <ProblemSummary
        problems={problems}
        hrefOf={(section) => `/inbox?view=site&part=${section}`}
        onSelect={revealField}
      />
      <Node
        section="pages"
        path={[]}
        value={body}
        published={initialSiteContent().pages}
        problems={problems.pages}
        onChange={setBody}
      />
    </>
  );
}

const cases = [
  {
    language: "en",
    summary: "1 to fix before publishing",
    link: /^Page texts › Titles and descriptions .* › Home page › Title › Arabic: Write something here\.$/u,
    meta: /^Titles and descriptions for search engines/u,
    count: "1 to fix",
    field: "Title (Arabic)",
  },
  {
    language: "ar",
    summary: "ما يجب تصحيحه قبل النشر: ١",
    link: /^نصوص الصفحات › .* › العنوان › العربية: اكتب شيئًا هنا\.$/u,
    meta: new RegExp(`^${ar.fields.meta}`, "u"),
    count: "للتصحيح: ١",
    field: "العنوان (العربية)",
  },
] as const;

describe("the page texts on a phone", () => {
  for (const each of cases) {
    it(`fold their groups, each with its count of problems, in ${each.language}`, async () => {
      renderWeb(<PagesEditor language={each.language} />, { language: each.language });
      const meta = screen.getByText(each.meta, { selector: "summary > span" }).closest("details");
      expect(meta).not.toBeNull();
      expect(meta).not.toHaveAttribute("open");
      expect(within(meta!.querySelector("summary")!).getByText(each.count)).toBeVisible();
      // Every group of the section is folded: none of its fields shows.
      for (const group of document.querySelectorAll("details")) expect(group.open).toBe(false);

      await userEvent.setup().click(meta!.querySelector("summary")!);
      expect(meta).toHaveAttribute("open");
    });

    it(`link each problem to its field, unfolding its groups and focusing it, in ${each.language}`, async () => {
      renderWeb(<PagesEditor language={each.language} />, { language: each.language });
      const summary = screen.getByRole("region", { name: each.summary });
      const link = within(summary).getByRole("link", { name: each.link });
      expect(link).toHaveAttribute(
        "href",
        expect.stringMatching(/#edit-pages-meta-home-title-ar$/u),
      );

      const user = userEvent.setup();
      await user.click(link);
      const meta = screen.getByText(each.meta, { selector: "summary > span" }).closest("details");
      // The home page is the first of the pages whose titles the team edits.
      const field = within(meta!).getAllByLabelText(each.field)[0]!;
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute("aria-invalid", "true");
      for (const group of [
        field.closest("details"),
        field.closest("details")?.parentElement?.closest("details"),
      ]) {
        expect(group).toHaveAttribute("open");
      }

      await user.type(field, "عنوان");
      expect(screen.queryByRole("region", { name: each.summary })).toBeNull();
    });
  }

  it("says nothing when nothing needs mending", () => {
    const problems = Object.fromEntries(
      siteContentSections.map((section) => [section, new Map()]),
    ) as Record<SiteContentSection, Map<string, string>>;
    renderWeb(<ProblemSummary problems={problems} hrefOf={() => "/"} onSelect={vi.fn()} />, {
      language: "en",
    });
    expect(screen.queryByRole("region")).toBeNull();
  });
});
