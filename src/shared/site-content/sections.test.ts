import { describe, expect, it } from "vitest";
import { sectionDefinitions, sectionLabels, siteContentSections } from "./sections.ts";

interface Walkable {
  shape?: Record<string, unknown>;
  element?: unknown;
  unwrap?: () => unknown;
}

/** Every key an object of the schema holds, however deep, inside lists and optional parts too. */
function keysOf(schema: unknown, found = new Set<string>()): Set<string> {
  let node = schema as Walkable | undefined;
  while (node?.unwrap && !node.shape && !node.element) node = node.unwrap() as Walkable;
  if (node?.element) keysOf(node.element, found);
  for (const [key, child] of Object.entries(node?.shape ?? {})) {
    // A text in both languages is named by the field that holds it.
    if (key === "ar" || key === "en") continue;
    found.add(key);
    keysOf(child, found);
  }
  return found;
}

describe("each section, declared once", () => {
  it.each(siteContentSections)("names every field of %s in both languages", (section) => {
    const { schema, labels } = sectionDefinitions[section];
    for (const language of ["ar", "en"] as const) {
      const named = Object.keys(labels[language].fields);
      expect([...keysOf(schema)].filter((key) => !named.includes(key))).toEqual([]);
      expect(labels[language].name).not.toBe("");
    }
  });

  it("names each of its lists' items in both languages, as its blank items are made", () => {
    for (const section of siteContentSections) {
      const { blank = {}, labels } = sectionDefinitions[section];
      for (const key of Object.keys(blank)) {
        expect(labels.ar.items?.[key]?.("٣"), `${section}.${key}`).toMatch(/\p{Script=Arabic}/u);
        expect(labels.en.items?.[key]?.("3"), `${section}.${key}`).toMatch(/3/u);
      }
    }
  });

  it("gives one name to a key that several sections hold", () => {
    for (const language of ["ar", "en"] as const) {
      const { fields } = sectionLabels(language);
      for (const section of siteContentSections) {
        for (const [key, name] of Object.entries(
          sectionDefinitions[section].labels[language].fields,
        )) {
          expect(fields[key], `${section}.${key} in ${language}`).toBe(name);
        }
      }
    }
  });

  it("makes blank items the section's own schema accepts once filled in", () => {
    // The member writes each text in both languages; the rest a blank item holds is its own.
    const filled = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(filled)
        : value !== null && typeof value === "object"
          ? "ar" in value && "en" in value
            ? { ar: "نص", en: "Text" }
            : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item)]))
          : value;
    for (const section of siteContentSections) {
      const { blank = {}, schema } = sectionDefinitions[section];
      for (const make of Object.values(blank)) {
        const item = filled(make([]));
        const result = schema.safeParse([item]);
        expect(result.error?.issues ?? [], section).toEqual([]);
      }
    }
  });
});
