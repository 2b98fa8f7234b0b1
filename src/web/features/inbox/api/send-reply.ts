import { getSupabase } from "../../../lib/supabase-client.ts";
import type { ThreadMessage } from "../model/thread.ts";

/**
 * Sends a reply to the submission's own address (public.send_reply: the database picks the
 * address, bounds the member's replies an hour, and marks the submission done).
 */
export async function sendReply(submissionId: number, body: string): Promise<ThreadMessage> {
  const supabase = await getSupabase();
  const answer = await supabase.rpc("send_reply", { submission_id: submissionId, body });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: the stored row is read as the thread reads it.
  const row: unknown = answer.data;
  return row as ThreadMessage;
}
