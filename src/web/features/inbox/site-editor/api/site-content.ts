// The site's content as the editor reads and writes it, through supabase-js: the drafts and
// versions tables (members at aal2 only, under row-level security) and the three functions of
// docs/decisions/0023. Every write is checked by the database whoever sends it.
import { getSupabase } from "../../../../lib/supabase-client.ts";
import type { RenderProblem } from "../../../../../shared/render-problem.ts";
import type { SiteContentSection } from "../../../../../shared/site-content.ts";

export interface Draft {
  section: SiteContentSection;
  body: unknown;
  revision: number;
  updated_at: string;
  updated_by_email: string | null;
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
export async function loadSiteContent(): Promise<{ drafts: Draft[]; published: unknown }> {
  const supabase = await getSupabase();
  const [drafts, published] = await Promise.all([
    supabase
      .from("site_content_drafts")
      .select("section, body, revision, updated_at, updated_by_email"),
    supabase.from("published_site_content").select("content").maybeSingle(),
  ]);
  if (drafts.error) throw drafts.error;
  if (published.error) throw published.error;
  return {
    drafts: drafts.data as Draft[],
    published: (published.data as { content: unknown } | null)?.content ?? {},
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
  return data as Version[];
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
  return data as Version;
}

/** The answer when another member saved first: who, when, and their text. */
export interface SaveConflict {
  revision: number;
  updated_at: string;
  updated_by_email: string | null;
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

/** Publishes every draft as a new version. */
export async function publishDrafts(): Promise<Version> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("publish_site_content");
  if (error) throw error;
  return data as Version;
}

/** Publishes an earlier version again, as a new one; the drafts become it. */
export async function restoreVersion(id: number): Promise<Version> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("restore_site_content", { version_id: id });
  if (error) throw error;
  return data as Version;
}
