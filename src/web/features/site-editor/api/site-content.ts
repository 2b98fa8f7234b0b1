// The site's content as the editor reads and writes it, through supabase-js: the drafts and
// versions tables (members at aal2 only, under row-level security) and the three functions of
// docs/decisions/0023. Every write is checked by the database whoever sends it.
import type { PostgrestError } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import type { RenderProblem } from "../../../../shared/render-problem.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";

export interface Draft {
  section: SiteContentSection;
  body: unknown;
  revision: number;
  updated_at: string;
  /** Who saved it: read from the change feed, which sends every column. */
  updated_by?: string | null;
  updated_by_email: string | null;
  /** The version a restore wrote this draft from, until its next save. */
  restored_from: number | null;
}

/** What the server holds now: every draft, and the live version with its content. */
export interface SiteContentState {
  drafts: Draft[];
  published: unknown;
  /** The live version's number; null before the first publication. */
  version: number | null;
}

/** The drafts a publish or a restore names, section by revision: what the member was shown. */
export type Reviewed = Partial<Record<SiteContentSection, number>>;

export const reviewedOf = (drafts: readonly Draft[]): Reviewed =>
  Object.fromEntries(drafts.map((draft) => [draft.section, draft.revision]));

/** A draft that changed after the member was shown the drafts, named by the database. */
export interface ChangedDraft {
  section: SiteContentSection;
  revision: number;
  seen_revision: number;
  updated_at: string | null;
  updated_by_email: string | null;
  restored_from: number | null;
}

/** A publish or restore refused because what it names is not what is there now. */
export class ReviewConflict extends Error {
  constructor(
    message: string,
    readonly drafts: readonly ChangedDraft[],
    readonly version: number | null,
  ) {
    super(message);
  }
}

function reviewConflict(error: PostgrestError): Error {
  if (error.code !== "PT409") return error;
  const details = JSON.parse(error.details) as { drafts?: ChangedDraft[]; version?: number };
  return new ReviewConflict(error.message, details.drafts ?? [], details.version ?? null);
}

export interface Version {
  id: number;
  changed: string[];
  published_at: string;
  published_by_email: string | null;
  restored_from: number | null;
  rendered_at: string | null;
  /** Why the server will not serve this version's pages, as a code; null when it does. */
  render_problem: RenderProblem | null;
}

const versionColumns =
  "id, changed, published_at, published_by_email, restored_from, rendered_at, render_problem";

/** Every section's draft, and the published content. */
export async function loadSiteContent(): Promise<SiteContentState> {
  const supabase = await getSupabase();
  const [drafts, published] = await Promise.all([
    supabase
      .from("site_content_drafts")
      .select("section, body, revision, updated_at, updated_by_email, restored_from"),
    supabase.from("published_site_content").select("version, content").maybeSingle(),
  ]);
  if (drafts.error) throw drafts.error;
  if (published.error) throw published.error;
  const live = published.data;
  return {
    drafts: drafts.data,
    published: live?.content ?? {},
    version: live?.version ?? null,
  };
}

/** The newest versions first. */
export async function listVersions(limit = 30): Promise<Version[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("site_content_versions")
    .select(versionColumns)
    .order("id", { ascending: false })
    .limit(limit);
  if (error) throw error;
  return data;
}

/** One version's state, to follow its rendering after a publish. */
export async function readVersion(id: number): Promise<Version> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("site_content_versions")
    .select(versionColumns)
    .eq("id", id)
    .single();
  if (error) throw error;
  return data;
}

/** The answer when another member saved first: who, when, and their text. */
export interface SaveConflict {
  revision: number;
  updated_at: string;
  updated_by_email: string | null;
  /** Set when their change was a restore of this version. */
  restored_from?: number | null;
  body: unknown;
}

export type SaveResult =
  { saved: Draft; conflict?: never } | { saved?: never; conflict: SaveConflict };

/** Saves one section's draft from the revision it was read at (0 for none yet). */
export async function saveDraft(
  section: SiteContentSection,
  body: unknown,
  baseRevision: number,
): Promise<SaveResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("save_site_draft", {
    section,
    body,
    base_revision: baseRevision,
  });
  if (error) {
    if (error.code === "PT409") return { conflict: JSON.parse(error.details) as SaveConflict };
    throw error;
  }
  return { saved: data as Draft };
}

/**
 * Publishes the drafts the member reviewed, as they saw them, over the version they saw live;
 * refused with a ReviewConflict when any of that changed since.
 */
export async function publishDrafts(reviewed: Reviewed, baseVersion: number | null) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("publish_site_content", {
    reviewed,
    base_version: baseVersion,
  });
  if (error) throw reviewConflict(error);
  return data as Version;
}

/**
 * Publishes an earlier version again, as a new one; the drafts become it. `replacing` names the
 * drafts the member was told it replaces; refused with a ReviewConflict when they changed since.
 */
export async function restoreVersion(id: number, replacing: Reviewed): Promise<Version> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("restore_site_content", {
    version_id: id,
    replacing,
  });
  if (error) throw reviewConflict(error);
  return data as Version;
}
