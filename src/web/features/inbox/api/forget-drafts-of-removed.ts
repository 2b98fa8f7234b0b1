import { getSupabase } from "../../../lib/supabase-client.ts";
import { draftedSubmissionIds, dropDraftsOfSubmissions } from "../model/note-draft.ts";

/**
 * Drops this browser's drafts of submissions that are no longer there (deleted or erased by
 * any member, or past retention), asking in one request which of them remain. Only for a
 * member who reads every submission: to anyone else, every one would seem gone.
 */
export async function forgetDraftsOfRemoved(): Promise<void> {
  const drafted = draftedSubmissionIds();
  if (drafted.length === 0) return;
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("contact_submissions").select("id").in("id", drafted);
  if (error) throw error;
  const remaining = new Set(data.map((row: { id: number }) => row.id));
  dropDraftsOfSubmissions(drafted.filter((id) => !remaining.has(id)));
}
