import type { SiteContentSection } from "../../../../shared/site-content.ts";
import type { Version } from "../api/site-content.ts";

export type Published = Partial<Record<SiteContentSection, unknown>>;

/** What the editor holds of the published site: the baseline its drafts are compared with. */
export interface LiveState {
  published: Published;
  /** The live version's number; null before the first publication. */
  live: number | null;
  /** The newest versions first. */
  versions: readonly Version[];
}

/** A row of site_content_versions as the change feed sends it: every column. */
export type VersionRow = Version & { content?: unknown; published_by?: string | null };

const versionOf = (row: VersionRow): Version => ({
  id: row.id,
  changed: row.changed,
  published_at: row.published_at,
  published_by_email: row.published_by_email,
  restored_from: row.restored_from,
  rendered_at: row.rendered_at,
  render_problem: row.render_problem,
});

const isContent = (value: unknown): value is Published =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A version written (a publish or a restore) or changed (its pages rendered, or refused), heard
 * as it happened: the state after it. The live version is the newest without a render problem
 * (docs/decisions/0030), so a new one is live at once. "read again" when the row cannot tell:
 * the live version refused, whose predecessor's content the row does not carry, or a row sent
 * without its content (a hosted project leaves out large values).
 */
export function afterVersion(state: LiveState, row: VersionRow): LiveState | "read again" {
  const id = Number(row.id);
  if (!Number.isSafeInteger(id)) return "read again";
  const version = versionOf({ ...row, id });
  const versions = [version, ...state.versions.filter((each) => each.id !== id)].sort(
    (a, b) => b.id - a.id,
  );
  if (version.render_problem) {
    return id === state.live ? "read again" : { ...state, versions };
  }
  if (state.live !== null && id <= state.live) return { ...state, versions };
  if (!isContent(row.content)) return "read again";
  return { published: row.content, live: id, versions };
}
