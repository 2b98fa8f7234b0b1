import type { Language } from "../../../../shared/language.ts";

/** A row of public.saved_replies: a text the team inserts into a reply, in one language. */
export interface SavedReply {
  id: number;
  language: Language;
  title: string;
  body: string;
  /** When it was last written: what an edit names, so that it never overwrites a newer one. */
  updated_at: string;
  updated_by: string | null;
}

export const savedReplyColumns = "id, language, title, body, updated_at, updated_by";

/** What a member writes of a saved reply. */
export type SavedReplyFields = Pick<SavedReply, "language" | "title" | "body">;

/** The database's bounds (public.saved_replies). */
export const savedReplyLimits = { title: 120, body: 20_000, count: 200 } as const;

export type SavedReplyProblem = "titleEmpty" | "titleLong" | "bodyEmpty" | "bodyLong";

// As internal.has_visible_text: white space, zero-width characters and direction marks are not text.
const invisible =
  /[\s\u0085\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/gu;
const hasVisibleText = (value: string) => value.replace(invisible, "") !== "";

/** What the database would refuse of these fields, field by field, before they are sent. */
export function savedReplyProblems(
  fields: Pick<SavedReplyFields, "title" | "body">,
): Partial<Record<"title" | "body", SavedReplyProblem>> {
  const problems: Partial<Record<"title" | "body", SavedReplyProblem>> = {};
  if (!hasVisibleText(fields.title)) problems.title = "titleEmpty";
  else if ([...fields.title].length > savedReplyLimits.title) problems.title = "titleLong";
  if (!hasVisibleText(fields.body)) problems.body = "bodyEmpty";
  else if ([...fields.body].length > savedReplyLimits.body) problems.body = "bodyLong";
  return problems;
}

/** Seconds and microseconds of a timestamp as PostgreSQL writes it, which JavaScript cuts to milliseconds. */
function instant(value: string): [number, number] {
  const fraction = /\.(\d+)/u.exec(value)?.[1] ?? "";
  return [Math.floor(Date.parse(value) / 1000), Number(fraction.padEnd(6, "0").slice(0, 6))];
}

/** Whether updated_at `a` is later than `b`. */
export function isLater(a: string, b: string): boolean {
  const [secondsA, microsA] = instant(a);
  const [secondsB, microsB] = instant(b);
  return secondsA > secondsB || (secondsA === secondsB && microsA > microsB);
}

/** The saved replies in `first` language, then the others, each by title. */
export function inLanguageOrder(
  replies: readonly SavedReply[],
  first: Language,
): { language: Language; replies: SavedReply[] }[] {
  const order: Language[] = first === "ar" ? ["ar", "en"] : ["en", "ar"];
  return order
    .map((language) => ({
      language,
      replies: replies
        .filter((reply) => reply.language === language)
        .sort((a, b) => a.title.localeCompare(b.title, language) || a.id - b.id),
    }))
    .filter((group) => group.replies.length > 0);
}

/**
 * `text` put in place of the selection `start`..`end` of `value` (at the cursor when they are
 * equal), and where the cursor goes after it.
 */
export function insertAt(
  value: string,
  start: number,
  end: number,
  text: string,
): { value: string; cursor: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length };
}
