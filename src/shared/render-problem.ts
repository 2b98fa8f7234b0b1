import type { ContentProblem } from "./site-content.ts";

/**
 * Why the server will not serve the pages of a published version
 * (`public.site_content_versions.render_problem`): always something about the content, as a code
 * and its detail, never prose, so the editor says it in the member's language. A render that
 * fails for any other reason (the build's files, memory, the database) is tried again and leaves
 * the version unmarked.
 */
export type RenderProblem =
  /** The content breaks the shared schema: the problems, by field. */
  | { code: "content_invalid"; problems: ContentProblem[] }
  /** The content passes the schema but makes this page fail, which the build's content does not. */
  | { code: "page_failed"; page: string };
