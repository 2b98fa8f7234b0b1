import type { Language } from "../../../../shared/language.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { sectionDefinition } from "../../../../shared/site-content/sections.ts";
import { formatNumber } from "../../../lib/format.ts";
import type { EditorContent } from "../content/types.ts";
import type { FieldPath } from "./problems.ts";

/** A text held in both languages: `{ ar, en }`. */
export function isBilingual(value: unknown): value is Record<Language, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  return keys.length === 2 && keys[0] === "ar" && keys[1] === "en";
}

/** A new, empty item for the list at `key`: the member fills it in before it can publish. */
export function blankItem(
  section: SiteContentSection,
  key: string,
  list: readonly unknown[],
): unknown {
  return sectionDefinition(section).blank?.[key]?.(list) ?? { ar: "", en: "" };
}

/** Lists whose length is the layout's (Mutakallim's four format points), as the section says. */
export function fixedLength(section: SiteContentSection, path: FieldPath): boolean {
  const key = path.at(-1);
  return typeof key === "string" && (sectionDefinition(section).fixedLists ?? []).includes(key);
}

/** An item's name: "Program 3: Between the covers", or "Program 3" before it has a title. */
export function itemName(
  words: EditorContent,
  key: string,
  item: unknown,
  index: number,
  language: Language,
): string {
  const name = (words.items[key] ?? words.items.points!)(formatNumber(language, index + 1));
  const record = (item ?? {}) as Record<string, unknown>;
  const titled = record.title ?? record.term ?? record.author ?? record;
  const title =
    typeof titled === "object" && titled !== null
      ? (titled as Partial<Record<Language, string>>)[language]
      : undefined;
  return title?.trim() ? `${name}: ${title.trim()}` : name;
}

/** The pages a section shows on, the first the one its preview opens at. */
export const pagesOfSection = (section: SiteContentSection): readonly string[] =>
  sectionDefinition(section).shownOn;

/**
 * Where on a page a section shows, as a selector of what the public page already renders (its
 * headings' ids, its footer): the preview opens there rather than at the top. The page texts
 * show everywhere, beginning at the top.
 */
const placesOnPages: Partial<Record<SiteContentSection, Record<string, string>>> = {
  programs: { home: "#programs", programs: "main details" },
  mutakallim: { mutakallim: "#format" },
  links: { home: "footer", contact: "main aside" },
  values: { home: "#values", about: "#values" },
  stories: { home: "#stories", community: "#ripple-stories" },
};

/** Where `section` shows on `page`, or undefined for its top. */
export const placeOnPage = (section: SiteContentSection, page: string): string | undefined =>
  placesOnPages[section]?.[page];

/**
 * The sections long enough to fold their groups: the page texts hold dozens of groups, which on a
 * phone are a short list of names, each with its count of problems, opened one at a time.
 */
export function foldsGroups(section: SiteContentSection): boolean {
  return sectionDefinition(section).folds === true;
}

/** The element's id for the field at `path`: what a problem's link points at. */
export const fieldId = (section: SiteContentSection, path: FieldPath) =>
  ["edit", section, ...path].join("-");

/**
 * Shows the field at `path` (or the nearest place holding it), unfolding the groups around it,
 * and moves focus to it: where a problem's link leads.
 */
export function revealField(section: SiteContentSection, path: FieldPath): boolean {
  for (let length = path.length; length >= 0; length -= 1) {
    const found = document.getElementById(fieldId(section, path.slice(0, length)));
    if (!found) continue;
    for (let folded = found.closest("details"); folded;) {
      folded.open = true;
      folded = folded.parentElement?.closest("details") ?? null;
    }
    const target =
      found instanceof HTMLDetailsElement
        ? (found.querySelector<HTMLElement>(":scope > summary") ?? found)
        : found;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: "center" });
    return true;
  }
  return false;
}
