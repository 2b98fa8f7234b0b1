import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { initialSiteContent } from "../../content/initial-site-content.ts";
import { ProgramAccordion } from "./program-accordion.tsx";

const programs = initialSiteContent().programs.map((program, index) =>
  index < 2
    ? {
        ...program,
        image: {
          path: `programs/cover-${index + 1}.jpg`,
          alt: { ar: `غلاف البرنامج ${index + 1}`, en: `Cover of program ${index + 1}` },
        },
      }
    : program,
);

describe("<ProgramAccordion>'s covers", () => {
  it.each(["ar", "en"] as const)(
    "show a program's cover at 16:9 beside its title in %s, each fetched when near the screen",
    (language) => {
      renderWeb(<ProgramAccordion />, { language, site: { programs } });
      const first = screen.getByRole("img", { name: programs[0]!.image!.alt[language] });
      const second = screen.getByRole("img", { name: programs[1]!.image!.alt[language] });
      expect(screen.getAllByRole("img")).toHaveLength(2);
      for (const cover of [first, second]) {
        expect(cover).toHaveAttribute("width", "288");
        expect(cover).toHaveAttribute("height", "162");
        expect(cover.getAttribute("srcset")).toMatch(/width=96&height=54\b.* 96w, .* 288w$/u);
        expect(cover).toHaveAttribute("sizes", "6rem");
      }
      // Even the first: fetched before the stylesheet and fonts, it would delay the largest paint.
      expect(first).toHaveAttribute("loading", "lazy");
      expect(second).toHaveAttribute("loading", "lazy");
    },
  );
});
