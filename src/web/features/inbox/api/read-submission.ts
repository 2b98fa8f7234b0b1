import { getSupabase } from "../../../lib/supabase-client.ts";
import { submissionColumns, type Submission } from "../model/submission.ts";

/** One submission by its id, or null when there is none (or this member may not see it). */
export async function readSubmission(id: number): Promise<Submission | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .select(submissionColumns)
    .eq("id", id)
    .maybeSingle();
  if (error) throw error;
  return data;
}
