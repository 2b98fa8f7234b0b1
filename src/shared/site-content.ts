import { z } from "zod";
import type { ProblemKind } from "./site-content/fields.ts";
import { siteContentSchemas, type SiteContentSection } from "./site-content/sections.ts";

// The site's content as the team edits and publishes it (docs/decisions/0023, 0030): one
// document of sections, each a row of public.site_content_drafts, each declared once in
// site-content/sections/<section>.ts (docs/decisions/0041). The database refuses links that are
// not https on their service's hosts, whatever the client, with the same pattern as the
// schemas' (site-content/fields.ts); the schemas add what can be named in the editor's and the
// import's words: every text present in both languages, no longer than its place in the layout
// holds, and times that end after they start.

export type { SiteImage } from "./site-content/fields.ts";
export { metaPages } from "./site-content/sections/pages.ts";
export {
  siteContentSchemas,
  siteContentSections,
  type SiteContentSection,
} from "./site-content/sections.ts";

/** The version of this shape, stored beside every draft and version (`schema_version`). */
export const siteContentSchemaVersion = 1;

export type SiteContent = {
  [Section in SiteContentSection]: z.infer<(typeof siteContentSchemas)[Section]>;
};

export const siteContentSchema = z.strictObject(siteContentSchemas);

/** Where a problem is, as a reader finds it: `programs[2].title.ar`. */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

/**
 * A problem as data, for a reader in any language: where it is (`["programs", 2, "title",
 * "ar"]`, empty for the whole document), its kind, and the limit or count the kind names.
 */
export interface ContentProblem {
  path: (string | number)[];
  kind: ProblemKind | "tooFew" | "tooMany" | "exactly" | "invalid";
  limit?: number;
  example?: string;
}

/** What one of the schema's issues says, as data. */
export function contentProblemOf(issue: z.core.$ZodIssue): ContentProblem {
  const path = issue.path.map((part) => (typeof part === "number" ? part : String(part)));
  if (issue.code === "custom") {
    const { kind, limit, example } = (issue.params ?? {}) as {
      kind?: ProblemKind;
      limit?: number;
      example?: string;
    };
    if (kind) {
      return {
        path,
        kind,
        ...(limit === undefined ? {} : { limit }),
        ...(example === undefined ? {} : { example }),
      };
    }
  }
  if ((issue.code === "too_small" || issue.code === "too_big") && issue.origin === "array") {
    const limit = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
    const kind = issue.exact ? "exactly" : issue.code === "too_small" ? "tooFew" : "tooMany";
    return { path, kind, limit };
  }
  return { path, kind: "invalid" };
}

/**
 * A document checked whole: the content, in the schema's key order whatever order its keys came
 * in (jsonb keeps its own), so the same content renders the same page byte for byte; or every
 * problem, each as `where: what` and as data.
 */
export function checkSiteContent(
  document: unknown,
):
  | { content: SiteContent; problems?: never; issues?: never }
  | { content?: never; problems: string[]; issues: ContentProblem[] } {
  const result = siteContentSchema.safeParse(document);
  if (result.success) return { content: result.data };
  return {
    problems: result.error.issues.map(
      (issue) => `${pathOf(issue.path) || "the document"}: ${issue.message}`,
    ),
    issues: result.error.issues.map(contentProblemOf),
  };
}

/** Every problem of a whole document, each as `where: what`; empty when it may be published. */
export function siteContentProblems(document: unknown): string[] {
  return checkSiteContent(document).problems ?? [];
}

/**
 * The problems the database refuses a draft for, whoever saves it (internal.site_content_problem_at,
 * 20261202000200): a link that is not https on its service's hosts or holds a character that
 * turns text around, and a photo outside the site's photos. The rest waits for the publish,
 * which refuses every problem: a photo awaiting its description among them, so that the other
 * fields of its section are saved meanwhile.
 */
const refusedInDrafts: ReadonlySet<ContentProblem["kind"]> = new Set([
  "link",
  "hiddenControl",
  "imagePath",
]);

/** The first problem the database would refuse this section's draft for, if any. */
export function draftRefusal(
  section: SiteContentSection,
  body: unknown,
): ContentProblem | undefined {
  const result = siteContentSchemas[section].safeParse(body);
  if (result.success) return undefined;
  return result.error.issues
    .map(contentProblemOf)
    .find((problem) => refusedInDrafts.has(problem.kind));
}
