import { describe, expect, it } from "vitest";
import type { RenderProblem } from "../../../../shared/render-problem.ts";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import { describePath, describeRenderProblem } from "./describe.ts";

// The server stores why a version's pages are not served as a code and its detail; the editor
// says it in the member's language.

const tooLong: RenderProblem = {
  code: "content_invalid",
  problems: [{ path: ["programs", 0, "title", "en"], kind: "tooLong", limit: 40 }],
};

describe("why a version's pages are not served", () => {
  it("names the field and the problem, in the member's language and digits", () => {
    expect(describeRenderProblem(en, tooLong, "en")).toBe(
      "Programs › Program 1 › Title › English: Keep it to 40 characters so it fits its place on a phone.",
    );
    expect(describeRenderProblem(ar, tooLong, "ar")).toBe(
      `${["البرامج", "البرنامج ١", "العنوان", "الإنجليزية"].join(" › ")}: لا تتجاوز ٤٠ حرفًا كي يتّسع له مكانه على الهاتف.`,
    );
  });

  it("counts the problems past the first", () => {
    const three: RenderProblem = {
      code: "content_invalid",
      problems: [
        ...(tooLong.code === "content_invalid" ? tooLong.problems : []),
        { path: ["links", "x"], kind: "link", example: "https://x.com/kalima" },
        { path: [], kind: "invalid" },
      ],
    };
    expect(describeRenderProblem(en, three, "en")).toMatch(/ \(and 2 more\)$/u);
    expect(describeRenderProblem(ar, three, "ar")).toMatch(/ \(ومواضع أخرى: ٢\)$/u);
  });

  it("names the page the content makes fail, and says something readable of an unknown code", () => {
    expect(describeRenderProblem(en, { code: "page_failed", page: "/en/programs" }, "en")).toBe(
      "The page /en/programs cannot be shown with this content.",
    );
    const unknown = { code: "from_a_newer_server" } as unknown as RenderProblem;
    expect(describeRenderProblem(ar, unknown, "ar")).toBe(ar.renderProblems.unknown);
  });
});

describe("where a field is", () => {
  const document = {
    programs: [
      { title: { ar: "بين الدفّتين", en: "Between the covers" } },
      { title: { ar: "", en: " " } },
    ],
  };

  it("names an item by its title in the member's language, and by its number without one", () => {
    expect(describePath(en, ["programs", 0, "day"], "en", document)).toBe(
      "Programs › Program 1: Between the covers › Day",
    );
    expect(describePath(ar, ["programs", 0, "day"], "ar", document)).toBe(
      ["البرامج", "البرنامج ١: بين الدفّتين", "اليوم"].join(" › "),
    );
    expect(describePath(en, ["programs", 1, "title", "en"], "en", document)).toBe(
      "Programs › Program 2 › Title › English",
    );
  });
});
