import { describe, expect, it } from "vitest";
import { siteContentProblems } from "../../shared/site-content.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import { initialSiteContent } from "./initial-site-content.ts";
import { withSiteContent } from "./with-site-content.ts";

it("renders today's pages, merged with the first content, word for word as the modules write them", () => {
  expect(withSiteContent(ar, initialSiteContent(), "ar")).toEqual(ar);
  expect(withSiteContent(en, initialSiteContent(), "en")).toEqual(en);
});

it("puts the team's words where the modules had theirs, in the reader's language", () => {
  const site = initialSiteContent();
  site.programs = [site.programs[2]!, site.programs[0]!];
  site.programs[0]!.title = { ar: "سر الكلمة الجديد", en: "The New Secret" };
  site.pages.home.hero.quote = { ar: "كلمة تبقى", en: "A word that stays" };
  const english = withSiteContent(en, site, "en");
  expect(english.programs.map((program) => program.title)).toEqual([
    "The New Secret",
    "Between the Covers",
  ]);
  expect(english.home.hero.quote).toBe("A word that stays");
  expect(english.home.hero.cta).toBe(en.home.hero.cta);
  expect(withSiteContent(ar, site, "ar").home.hero.quote).toBe("كلمة تبقى");
});

describe("the site content's schema", () => {
  it("accepts the first content a new install publishes", () => {
    expect(siteContentProblems(initialSiteContent())).toEqual([]);
  });

  it("says where each problem is, in words an editor can act on", () => {
    const content = structuredClone(initialSiteContent());
    const [first] = content.programs;
    if (!first) throw new Error("no program");
    first.title.ar = "ب".repeat(41);
    first.start = "9pm";
    first.youtube = "https://vimeo.com/kalima";
    content.links.x = "http://x.com/kalima";
    content.stories[0] = { ...content.stories[0]!, author: { ar: "  ", en: "Sara" } };
    (content.values as unknown[]).length = 0;
    expect(siteContentProblems(content)).toEqual([
      "programs[0].title.ar: is longer than 40 characters",
      'programs[0].start: is a 24-hour time such as "21:00"',
      "programs[0].youtube: is an https address such as https://www.youtube.com/@kalima, or empty",
      "links.x: is an https address such as https://www.x.com/kalima, or empty",
      "values: has at least one value",
      "stories[0].author.ar: is empty",
    ]);
  });

  it("refuses a link on a look-alike host, and a program named twice", () => {
    const content = structuredClone(initialSiteContent());
    content.links.instagram = "https://instagram.com.evil.example/kalima";
    content.links.facebook = "https://user:pass@facebook.com/kalima";
    const [first, second] = content.programs;
    if (!first || !second) throw new Error("no programs");
    second.id = first.id;
    expect(siteContentProblems(content)).toEqual([
      "programs: names each program once",
      "links.instagram: is an https address such as https://www.instagram.com/kalima, or empty",
      "links.facebook: is an https address such as https://www.facebook.com/kalima, or empty",
    ]);
  });

  it("refuses a document with a section missing or one it does not know", () => {
    const withoutPages: Record<string, unknown> = { ...initialSiteContent() };
    delete withoutPages.pages;
    expect(siteContentProblems({ ...withoutPages, extra: {} })).toEqual([
      "pages: Invalid input: expected object, received undefined",
      'the document: Unrecognized key: "extra"',
    ]);
  });
});
