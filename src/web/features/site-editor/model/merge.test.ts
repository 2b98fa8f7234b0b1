import { describe, expect, it } from "vitest";
import { mergeFields, unchosen } from "./merge.ts";

describe("mergeFields, as merged", () => {
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
    expect(mergeFields(base, theirs, mine).body).toEqual({
      ...base,
      hero: { quote: { ar: "أ", en: "mine" }, lead: { ar: "ب٢", en: "b2" } },
    });
  });

  it("takes this member's text where both changed the same field", () => {
    const theirs = { ...base, points: [{ ar: "1", en: "theirs" }, base.points[1]] };
    const mine = { ...base, points: [{ ar: "1", en: "mine" }, base.points[1]] };
    expect(mergeFields(base, theirs, mine).body).toEqual(mine);
  });

  it("merges list items in place when no side added or removed one", () => {
    const theirs = { ...base, points: [base.points[0], { ar: "2", en: "theirs" }] };
    const mine = { ...base, points: [{ ar: "1!", en: "one" }, base.points[1]] };
    expect(mergeFields(base, theirs, mine).body).toEqual({
      ...base,
      points: [
        { ar: "1!", en: "one" },
        { ar: "2", en: "theirs" },
      ],
    });
  });

  it("answers theirs when this member changed nothing", () => {
    const theirs = { ...base, points: [] };
    expect(mergeFields(base, theirs, base).body).toBe(theirs);
  });
});

describe("mergeFields", () => {
  const base = {
    quote: { ar: "أ", en: "a" },
    points: [
      { ar: "1", en: "one" },
      { ar: "2", en: "two" },
    ],
  };

  it("names each field both changed, each language a field of its own", () => {
    const theirs = { ...base, quote: { ar: "أ٢", en: "theirs" } };
    const mine = { ...base, quote: { ar: "أ", en: "mine" } };
    const merge = mergeFields(base, theirs, mine);
    expect(merge.conflicts).toEqual([
      { path: ["quote", "en"], base: "a", theirs: "theirs", mine: "mine" },
    ]);
    expect(merge.theirs).toEqual([["quote", "ar"]]);
    expect(merge.mine).toEqual([]);
    expect(unchosen(merge)).toHaveLength(1);
    expect(unchosen(merge, { "quote.en": "theirs" })).toHaveLength(0);
  });

  it("takes each field both changed from the side chosen for it", () => {
    const theirs = { quote: { ar: "ت", en: "theirs" }, points: base.points };
    const mine = { quote: { ar: "م", en: "mine" }, points: base.points };
    expect(
      mergeFields(base, theirs, mine, { "quote.ar": "theirs", "quote.en": "mine" }).body,
    ).toEqual({ ...base, quote: { ar: "ت", en: "mine" } });
  });

  it("asks about a list whose length both changed as one field", () => {
    const theirs = { ...base, points: [base.points[0]] };
    const mine = { ...base, points: [...base.points, { ar: "3", en: "three" }] };
    const merge = mergeFields(base, theirs, mine, { points: "theirs" });
    expect(merge.conflicts.map(({ path }) => path)).toEqual([["points"]]);
    expect(merge.body).toEqual(theirs);
  });

  it("names each field a side changed alone, inside an item it added", () => {
    const theirs = { ...base, points: [...base.points, { ar: "3", en: "three" }] };
    const merge = mergeFields(base, theirs, base);
    expect(merge.theirs).toEqual([
      ["points", 2, "ar"],
      ["points", 2, "en"],
    ]);
    expect(merge.conflicts).toEqual([]);
  });
});
