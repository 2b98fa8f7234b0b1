import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionChange } from "../model/submission.ts";

/** Who changed what on one submission, and when: newest first. */
export async function listChanges(submissionId: number): Promise<SubmissionChange[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submission_changes")
    .select("id, changed_at, changed_by_email, field, old_value, new_value")
    .eq("submission_id", submissionId)
    .order("changed_at", { ascending: false })
    .order("id", { ascending: false });
  if (error) throw error;
  return data;
}
