import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionStatus } from "../model/submission.ts";

/**
 * Sets the status of the submissions in `ids` (those ticked on a page) in one request, so one
 * statement: all change or none. The database writes each one's history. Answers how many
 * changed; those that already had the status are left alone.
 */
export async function setStatusOf(
  ids: readonly number[],
  status: SubmissionStatus,
): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .update({ status })
    .in("id", ids)
    .neq("status", status)
    .select("id");
  if (error) throw error;
  return data.length;
}
