import type { SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { savedReplyColumns, type SavedReply } from "../model/saved-reply.ts";

/** Every saved reply of the team (public.saved_replies, members at aal2). */
export async function listSavedReplies(
  client: SupabaseClient | Promise<SupabaseClient> = getSupabase(),
): Promise<SavedReply[]> {
  const supabase = await client;
  const { data, error } = await supabase
    .from("saved_replies")
    .select(savedReplyColumns)
    .order("language")
    .order("title")
    .order("id");
  if (error) throw error;
  return data;
}
