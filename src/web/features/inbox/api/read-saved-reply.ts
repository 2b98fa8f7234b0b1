import type { SupabaseClient } from "@supabase/supabase-js";
import { savedReplyColumns, type SavedReply } from "../model/saved-reply.ts";

/** One saved reply as it is now; null when it is gone. */
export async function readSavedReply(
  supabase: SupabaseClient,
  id: number,
): Promise<SavedReply | null> {
  const { data, error } = await supabase
    .from("saved_replies")
    .select(savedReplyColumns)
    .eq("id", id)
    .maybeSingle();
  if (error) throw error;
  return data;
}
