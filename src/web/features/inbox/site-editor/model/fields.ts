import type { Language } from "../../../../../shared/language.ts";
import { metaPages, type SiteContentSection } from "../../../../../shared/site-content.ts";
import { formatNumber } from "../../../../lib/format.ts";
import type { EditorContent } from "../content/types.ts";
import type { FieldPath } from "./problems.ts";

/** A text held in both languages: `{ ar, en }`. */
export function isBilingual(value: unknown): value is Record<Language, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  return keys.length === 2 && keys[0] === "ar" && keys[1] === "en";
}

const bothEmpty = () => ({ ar: "", en: "" });

/** An address name no program has yet: program-7, program-8… */
function freshId(list: readonly unknown[]): string {
  const taken = new Set(list.map((item) => (item as { id?: unknown }).id));
  let number = list.length + 1;
  while (taken.has(`program-${number}`)) number += 1;
  return `program-${number}`;
}

/** A new, empty item for the list at `key`: the member fills it in before it can publish. */
export function blankItem(
  section: SiteContentSection,
  key: string,
  list: readonly unknown[],
): unknown {
  if (section === "programs" && key === "programs") {
    return {
      id: freshId(list),
      title: bothEmpty(),
      summary: bothEmpty(),
      day: 0,
      start: "19:00",
      youtube: "",
    };
  }
  if (key === "values") return { icon: "impact", title: bothEmpty(), text: bothEmpty() };
  if (key === "stories") return { quote: bothEmpty(), author: bothEmpty(), context: bothEmpty() };
  return bothEmpty();
}

/** Lists whose length is the layout's: Mutakallim's four format points. */
export function fixedLength(section: SiteContentSection, path: FieldPath): boolean {
  return section === "mutakallim" && path.at(-1) === "format";
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
export const pagesOfSection: Record<SiteContentSection, readonly string[]> = {
  programs: ["programs", "home"],
  mutakallim: ["mutakallim"],
  links: ["contact", "home"],
  values: ["about", "home"],
  stories: ["community", "home"],
  pages: metaPages,
};

/**
 * The sections long enough to fold their groups: the page texts hold dozens of groups, which on a
 * phone are a short list of names, each with its count of problems, opened one at a time.
 */
export function foldsGroups(section: SiteContentSection): boolean {
  return section === "pages";
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
