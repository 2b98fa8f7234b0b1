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
    "show a program's cover at 16:9 beside its title in %s, the first at once and the rest when scrolled near",
    (language) => {
      renderWeb(<ProgramAccordion />, { language, site: { programs } });
      const first = screen.getByRole("img", { name: programs[0]!.image!.alt[language] });
      const second = screen.getByRole("img", { name: programs[1]!.image!.alt[language] });
      expect(screen.getAllByRole("img")).toHaveLength(2);
      for (const cover of [first, second]) {
        expect(cover).toHaveAttribute("width", "320");
        expect(cover).toHaveAttribute("height", "180");
        expect(cover.getAttribute("srcset")).toMatch(/width=160&height=90\b.* 160w, .* 320w$/u);
        expect(cover).toHaveAttribute("sizes", "6rem");
      }
      expect(first).not.toHaveAttribute("loading");
      expect(second).toHaveAttribute("loading", "lazy");
    },
  );
});
