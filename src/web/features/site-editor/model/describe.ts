import type { Language } from "../../../../shared/language.ts";
import type { RenderProblem } from "../../../../shared/render-problem.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { formatNumber, formatWeekday } from "../../../lib/format.ts";
import type { EditorContent } from "../content/types.ts";
import { itemName } from "./fields.ts";
import { describeProblem, type FieldPath } from "./problems.ts";

/**
 * A name or a moment set apart from the sentence around it (Unicode's first-strong isolate): an
 * address or a Latin time inside Arabic keeps its own order, and its brackets stay its own.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** Drafts named by section and by who saved each: "Stories (layla@…), Links (omar@…)". */
export function describeDrafts(
  words: EditorContent,
  language: Language,
  drafts: readonly { section: SiteContentSection; who: string | null }[],
): string {
  return drafts
    .map(({ section, who }) =>
      words.publish.draftBy(words.sections[section], isolated(who ?? words.conflict.someone)),
    )
    .join(language === "ar" ? "، " : ", ");
}

/** The value at `path` inside `value`, or undefined past its end. */
export function valueAt(value: unknown, path: FieldPath): unknown {
  let node = value;
  for (const part of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/**
 * Where a field is, as a member reads it: "Programs › Program 3: Between the covers › Day". An
 * item is named by its title in `document` (the content by section) when it has one, else by its
 * number.
 */
export function describePath(
  words: EditorContent,
  path: FieldPath,
  language: Language,
  document?: unknown,
): string {
  const parts: string[] = [];
  path.forEach((part, index) => {
    if (typeof part === "number") {
      const list = path[index - 1];
      const key = typeof list === "string" ? list : "";
      const item = document === undefined ? undefined : valueAt(document, path.slice(0, index + 1));
      parts.push(itemName(words, key, item, part, language));
    } else if (part === "ar" || part === "en") {
      parts.push(words.languages[part]);
    } else {
      parts.push(
        words.fields[part] ?? words.sections[part as keyof EditorContent["sections"]] ?? part,
      );
    }
  });
  return parts.join(" › ");
}

/** A value as the member wrote or chose it: a day by its name, the rest as written. */
export function describeValue(value: unknown, path: FieldPath, language: Language): string {
  if (value === undefined || value === null) return "";
  if (path.at(-1) === "day" && typeof value === "number" && value >= 0 && value <= 6) {
    return formatWeekday(language, value);
  }
  return String(value);
}

/**
 * Why the server does not serve a version's pages, as the member reads it: the server stores a
 * code and its detail (src/shared/render-problem.ts), said here in the page's language. A list of
 * problems is told by its first, and how many more.
 */
export function describeRenderProblem(
  words: EditorContent,
  problem: RenderProblem,
  language: Language,
): string {
  const digits = (count: number) => formatNumber(language, count);
  if (problem.code === "page_failed") return words.renderProblems.page(problem.page);
  const [first, ...rest] = problem.code === "content_invalid" ? problem.problems : [];
  if (!first) return words.renderProblems.unknown;
  const what = describeProblem(first, words.problems, digits);
  const where =
    first.path.length === 0
      ? words.renderProblems.whole
      : describePath(words, first.path, language);
  const said = words.renderProblems.field(where, what);
  return rest.length === 0 ? said : `${said} ${words.renderProblems.more(digits(rest.length))}`;
}
