import { getSupabase } from "../../../lib/supabase-client.ts";
import { threadColumns, type ThreadMessage } from "../model/thread.ts";

/** The conversation with a submission's visitor: the team's replies and their answers, oldest first. */
export async function listThread(submissionId: number): Promise<ThreadMessage[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("submission_messages")
    .select(threadColumns)
    .eq("submission_id", submissionId)
    .order("created_at")
    .order("id");
  if (error) throw error;
  return data;
}
