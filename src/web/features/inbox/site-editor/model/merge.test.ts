import { describe, expect, it } from "vitest";
import { mergeEdits } from "./merge.ts";

describe("mergeEdits", () => {
  const base = {
    hero: { quote: { ar: "أ", en: "a" }, lead: { ar: "ب", en: "b" } },
    points: [
      { ar: "1", en: "one" },
      { ar: "2", en: "two" },
    ],
  };

  it("keeps the other member's fields that this member did not touch", () => {
    const theirs = { ...base, hero: { ...base.hero, lead: { ar: "ب٢", en: "b2" } } };
    const mine = { ...base, hero: { ...base.hero, quote: { ar: "أ", en: "mine" } } };
    expect(mergeEdits(base, theirs, mine)).toEqual({
      ...base,
      hero: { quote: { ar: "أ", en: "mine" }, lead: { ar: "ب٢", en: "b2" } },
    });
  });

  it("takes this member's text where both changed the same field", () => {
    const theirs = { ...base, points: [{ ar: "1", en: "theirs" }, base.points[1]] };
    const mine = { ...base, points: [{ ar: "1", en: "mine" }, base.points[1]] };
    expect(mergeEdits(base, theirs, mine)).toEqual(mine);
  });

  it("merges list items in place when no side added or removed one", () => {
    const theirs = { ...base, points: [base.points[0], { ar: "2", en: "theirs" }] };
    const mine = { ...base, points: [{ ar: "1!", en: "one" }, base.points[1]] };
    expect(mergeEdits(base, theirs, mine)).toEqual({
      ...base,
      points: [
        { ar: "1!", en: "one" },
        { ar: "2", en: "theirs" },
      ],
    });
  });

  it("answers theirs when this member changed nothing", () => {
    const theirs = { ...base, points: [] };
    expect(mergeEdits(base, theirs, base)).toBe(theirs);
  });
});
