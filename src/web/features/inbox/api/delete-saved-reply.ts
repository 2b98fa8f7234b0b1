import type { SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { savedReplyColumns } from "../model/saved-reply.ts";
import { readSavedReply } from "./read-saved-reply.ts";
import type { SavedReplyChange } from "./update-saved-reply.ts";

/**
 * Deletes the saved reply this member read (`seen`, its updated_at): one changed since is kept,
 * and answered as it is now.
 */
export async function deleteSavedReply(
  id: number,
  seen: string,
  client: SupabaseClient | Promise<SupabaseClient> = getSupabase(),
): Promise<SavedReplyChange> {
  const supabase = await client;
  const { data, error } = await supabase
    .from("saved_replies")
    .delete()
    .eq("id", id)
    .eq("updated_at", seen)
    .select(savedReplyColumns);
  if (error) throw error;
  const [deleted] = data;
  if (deleted) return { done: true, row: deleted };
  return { done: false, current: await readSavedReply(supabase, id) };
}
