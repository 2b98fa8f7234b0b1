import { getSupabase } from "../../../lib/supabase-client.ts";
import { submissionColumns, type Submission, type SubmissionStatus } from "../model/submission.ts";

/** Sets a submission's status, note or seen mark (all a member may change); answers the stored row. */
export async function updateSubmission(
  id: number,
  triage: { status?: SubmissionStatus; note?: string; seen?: boolean },
): Promise<Submission> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .update(triage)
    .eq("id", id)
    .select(submissionColumns);
  if (error) throw error;
  const row = (data as Submission[])[0];
  if (!row) throw new Error("The submission was not updated");
  return row;
}
