import {
  contentProblemOf,
  draftRefusal,
  siteContentSchemas,
  type ContentProblem,
  type SiteContentSection,
} from "../../../../shared/site-content.ts";
import type { EditorContent } from "../content/types.ts";

/** A place in a section's body: keys and list positions, as "2.title.ar". */
export type FieldPath = readonly (string | number)[];
export const pathKey = (path: FieldPath) => path.join(".");

/** The path a key names again: "2.title.ar" is [2, "title", "ar"]. */
export const pathOfKey = (key: string): FieldPath =>
  key === "" ? [] : key.split(".").map((part) => (/^\d+$/u.test(part) ? Number(part) : part));

/** How many problems lie at `path` or inside it. */
export function problemsWithin(problems: ReadonlyMap<string, string>, path: FieldPath): number {
  const key = pathKey(path);
  let count = 0;
  for (const each of problems.keys()) {
    if (key === "" || each === key || each.startsWith(`${key}.`)) count += 1;
  }
  return count;
}

interface Walkable {
  shape?: Record<string, unknown>;
  element?: unknown;
  unwrap?: () => unknown;
  meta?: () => Record<string, unknown> | undefined;
}

/** The schema of the value at `path` in a section, or undefined past its end. */
function schemaAt(section: SiteContentSection, path: FieldPath): Walkable | undefined {
  let node = siteContentSchemas[section] as unknown as Walkable | undefined;
  for (const part of path) {
    while (node?.unwrap && !node.shape && !node.element) node = node.unwrap() as Walkable;
    node = (typeof part === "number" ? node?.element : node?.shape?.[part]) as Walkable | undefined;
  }
  return node;
}

/** The keys of the object at `path`, in the schema's order (jsonb keeps its own). */
export function keysAt(section: SiteContentSection, path: FieldPath): string[] | undefined {
  let node = schemaAt(section, path);
  while (node?.unwrap && !node.shape) node = node.unwrap() as Walkable;
  if (!node?.shape) return undefined;
  // A program's address name is for the machine: after the words a visitor reads.
  const keys = Object.keys(node.shape);
  return [...keys.filter((key) => key !== "id"), ...keys.filter((key) => key === "id")];
}

/** How many characters the text at `path` may hold (both languages alike), when limited. */
export function limitAt(section: SiteContentSection, path: FieldPath): number | undefined {
  const limit = schemaAt(section, path)?.meta?.()?.limit;
  return typeof limit === "number" ? limit : undefined;
}

/** A problem in the page's language: its kind, with the limit or example the kind names. */
export function describeProblem(
  problem: Pick<ContentProblem, "kind" | "limit" | "example">,
  words: EditorContent["problems"],
  digits: (n: number) => string,
): string {
  switch (problem.kind) {
    case "empty":
      return words.empty;
    case "tooLong":
      return words.tooLong(digits(problem.limit ?? 0));
    case "link":
      return words.link(problem.example ?? "https://");
    case "time":
      return words.time;
    case "weekday":
      return words.weekday;
    case "id":
      return words.id;
    case "repeated":
      return words.repeated;
    case "endBeforeStart":
      return words.endBeforeStart;
    case "imagePath":
      return words.imagePath;
    case "alt":
      return words.alt;
    case "hiddenControl":
      return words.hiddenControl;
    case "tooFew":
      return words.tooFew(digits(problem.limit ?? 0));
    case "tooMany":
      return words.tooMany(digits(problem.limit ?? 0));
    case "exactly":
      return words.exactly(digits(problem.limit ?? 0));
    default:
      return words.invalid;
  }
}

/**
 * What keeps a section from being published, by field, in the page's language: the shared
 * schema's checks, the same the server's renderer and the import apply.
 */
export function sectionProblems(
  section: SiteContentSection,
  body: unknown,
  words: EditorContent["problems"],
  digits: (n: number) => string,
): Map<string, string> {
  const result = siteContentSchemas[section].safeParse(body);
  const problems = new Map<string, string>();
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path as FieldPath);
    if (!problems.has(key))
      problems.set(key, describeProblem(contentProblemOf(issue), words, digits));
  }
  return problems;
}

/**
 * Whether the database would refuse this body as a draft: an address that is not https on its
 * service's hosts (a script address among them) or holds a character that turns text around, or
 * a photo outside the site's photos. Such a draft is held in the browser, with its problem under
 * the field, until the member mends it. A photo awaiting its description is saved: the
 * description is asked for before publishing.
 */
export function refusedAsDraft(section: SiteContentSection, body: unknown): boolean {
  return draftRefusal(section, body) !== undefined;
}

/**
 * The field the database named when it refused the member's last save (its details carry
 * `{"section", "path"}`), so the editor marks it like its own problems.
 */
export function refusedField(draft: { status: string; failure?: unknown }): FieldPath | undefined {
  if (draft.status !== "failed") return undefined;
  const { code, details } = (draft.failure ?? {}) as { code?: string; details?: unknown };
  if (code !== "22023" || typeof details !== "string") return undefined;
  try {
    const { path } = JSON.parse(details) as { path?: unknown };
    return Array.isArray(path) && path.length > 0
      ? path.map((part) => (typeof part === "string" && /^\d+$/u.test(part) ? Number(part) : part))
      : undefined;
  } catch {
    return undefined;
  }
}
