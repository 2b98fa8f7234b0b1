import { describe, expect, it } from "vitest";
import { siteContentSections } from "../../../../shared/site-content.ts";
import { initialSiteContent } from "../../../content/initial-site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import { changesBetween } from "./changes.ts";
import { keysAt, limitAt, refusedAsDraft, refusedField, sectionProblems } from "./problems.ts";

const digits = (language: "ar" | "en") => (count: number) => formatNumber(language, count);

describe("what keeps a section from publishing", () => {
  it("is nothing for today's content", () => {
    const content = initialSiteContent();
    for (const section of siteContentSections) {
      expect(sectionProblems(section, content[section], en.problems, digits("en")).size).toBe(0);
    }
  });

  it("is said by field, in the page's language, with the limit in its digits", () => {
    const programs = initialSiteContent().programs;
    programs[2]!.title.ar = "ب".repeat(41);
    programs[2]!.title.en = " ";
    programs[2]!.youtube = "javascript:alert(1)";
    programs[2]!.start = "25:00";
    const arabic = sectionProblems("programs", programs, ar.problems, digits("ar"));
    expect(arabic.get("2.title.ar")).toBe("لا تتجاوز ٤٠ حرفًا كي يتّسع له مكانه على الهاتف.");
    expect(arabic.get("2.title.en")).toBe(ar.problems.empty);
    expect(arabic.get("2.youtube")).toContain("https://www.youtube.com/@kalima");
    expect(arabic.get("2.start")).toBe(ar.problems.time);
    const english = sectionProblems("programs", programs, en.problems, digits("en"));
    expect(english.get("2.title.ar")).toBe(
      "Keep it to 40 characters so it fits its place on a phone.",
    );
  });

  it("names a list too short or a name used twice", () => {
    const programs = initialSiteContent().programs;
    programs[1]!.id = programs[0]!.id;
    expect(sectionProblems("programs", programs, en.problems, digits("en")).get("")).toBe(
      en.problems.repeated,
    );
    expect(sectionProblems("programs", [], en.problems, digits("en")).get("")).toBe(
      "Keep at least 1.",
    );
  });

  it("knows each text's limit and each group's fields in the schema's order", () => {
    expect(limitAt("programs", [0, "title"])).toBe(40);
    expect(limitAt("pages", ["meta", "home", "description"])).toBe(200);
    expect(limitAt("programs", [0, "day"])).toBeUndefined();
    expect(keysAt("programs", [0])).toEqual([
      "title",
      "summary",
      "day",
      "start",
      "end",
      "youtube",
      "image",
      "id",
    ]);
    expect(keysAt("stories", [1, "image"])).toEqual(["path", "alt"]);
    expect(limitAt("pages", ["meta", "home", "image", "alt"])).toBe(150);
  });

  it("saves a photo awaiting its description, which publishing asks for in the page's language", () => {
    const story = initialSiteContent().stories[0]!;
    const image = { path: "stories/a.webp", alt: { ar: "سارة", en: " " } };
    expect(refusedAsDraft("stories", [{ ...story, image }])).toBe(false);
    expect(refusedAsDraft("stories", [{ ...story, image: { ...image, path: "../a.webp" } }])).toBe(
      true,
    );
    const problems = sectionProblems("stories", [{ ...story, image }], en.problems, String);
    expect(problems.get("0.image.alt.en")).toBe(en.problems.alt);
    expect(en.problems.alt).toMatch(/what the photo shows .*before publishing/u);
    expect(
      sectionProblems("stories", [{ ...story, image }], ar.problems, String).get("0.image.alt.en"),
    ).toMatch(/ما تُظهره الصورة.*قبل النشر/u);
  });

  it("holds a link with a character that turns text around, and says so", () => {
    const links = {
      instagram: "",
      x: "https://x.com/\u202ekalima",
      youtube: "",
      tiktok: "",
      facebook: "",
    };
    expect(refusedAsDraft("links", links)).toBe(true);
    expect(sectionProblems("links", links, en.problems, String).get("x")).toBe(
      en.problems.hiddenControl,
    );
    expect(refusedAsDraft("links", { ...links, x: "https://x.com/kalima" })).toBe(false);
  });
});

describe("the changes a publish asks about", () => {
  it("are every field that differs, as it is and as it will be", () => {
    const before = initialSiteContent();
    const after = structuredClone(before);
    after.programs[2]!.day = 1;
    after.stories[0]!.quote.en = "New words";
    after.stories.pop();
    const changes = changesBetween(before, after);
    expect(changes).toContainEqual({
      path: ["programs", 2, "day"],
      before: before.programs[2]!.day,
      after: 1,
    });
    expect(changes).toContainEqual({
      path: ["stories", 0, "quote", "en"],
      before: before.stories[0]!.quote.en,
      after: "New words",
    });
    const last = before.stories.length - 1;
    expect(changes).toContainEqual({
      path: ["stories", last, "quote", "ar"],
      before: before.stories[last]!.quote.ar,
      after: undefined,
    });
    expect(changesBetween(before, structuredClone(before))).toEqual([]);
  });

  it("name an item removed from the middle of a list, and none of those after it", () => {
    const before = initialSiteContent();
    expect(before.stories.length).toBeGreaterThanOrEqual(3);
    const after = structuredClone(before);
    after.stories.splice(1, 1);
    const changes = changesBetween(before, after);
    expect(changes.map((change) => change.path.slice(0, 2))).toEqual(
      Array.from({ length: 6 }, () => ["stories", 1]),
    );
    expect(changes.every((change) => change.after === undefined)).toBe(true);
    expect(changes).toContainEqual({
      path: ["stories", 1, "author", "en"],
      before: before.stories[1]!.author.en,
      after: undefined,
    });
  });

  it("name an item added at the top, and an edit beside it by the item's new place", () => {
    const before = initialSiteContent();
    const after = structuredClone(before);
    const added = structuredClone(before.stories[0]!);
    added.quote.en = "A new story";
    after.stories.unshift(added);
    after.stories[2]!.context.ar = "سياق جديد";
    const changes = changesBetween(before, after);
    expect(changes.filter((change) => change.path[1] === 0)).toHaveLength(6);
    expect(changes.filter((change) => change.path[1] === 0).every((c) => !c.before)).toBe(true);
    expect(changes.slice(6)).toEqual([
      {
        path: ["stories", 2, "context", "ar"],
        before: before.stories[1]!.context.ar,
        after: "سياق جديد",
      },
    ]);
  });

  it("follow programs by their id: one removed is removed, another edited keeps its name", () => {
    const before = initialSiteContent();
    const after = structuredClone(before);
    const [removed] = after.programs.splice(1, 1);
    after.programs[2]!.day = 0;
    const changes = changesBetween(before, after);
    const gone = changes.filter((change) => change.after === undefined);
    expect(gone.every((change) => change.path[1] === 1)).toBe(true);
    expect(gone).toContainEqual({
      path: ["programs", 1, "id"],
      before: removed!.id,
      after: undefined,
    });
    expect(changes.filter((change) => change.after !== undefined)).toEqual([
      { path: ["programs", 2, "day"], before: before.programs[3]!.day, after: 0 },
    ]);
  });

  it("show a reordered program as moved from one place to another", () => {
    const before = initialSiteContent();
    const after = structuredClone(before);
    after.programs.push(after.programs.shift()!);
    const changes = changesBetween(before, after);
    const last = after.programs.length - 1;
    expect(changes).toContainEqual({
      path: ["programs", 0, "id"],
      before: before.programs[0]!.id,
      after: undefined,
    });
    expect(changes).toContainEqual({
      path: ["programs", last, "id"],
      before: undefined,
      after: before.programs[0]!.id,
    });
  });
});

describe("refusedField", () => {
  it("reads the field the database named when it refused a save", () => {
    const failure = {
      code: "22023",
      message: "A YouTube link is https on youtube.com or youtu.be: …",
      details: JSON.stringify({ section: "programs", path: ["1", "youtube"] }),
    };
    expect(refusedField({ status: "failed", failure })).toEqual([1, "youtube"]);
    expect(refusedField({ status: "saved", failure })).toBeUndefined();
    expect(refusedField({ status: "failed", failure: new Error("offline") })).toBeUndefined();
  });
});
