import type { SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { savedReplyColumns, type SavedReply, type SavedReplyFields } from "../model/saved-reply.ts";

/** Adds a saved reply; the database says who wrote it and when. Answers the stored row. */
export async function createSavedReply(
  fields: SavedReplyFields,
  client: SupabaseClient | Promise<SupabaseClient> = getSupabase(),
): Promise<SavedReply> {
  const supabase = await client;
  const { data, error } = await supabase
    .from("saved_replies")
    .insert({ language: fields.language, title: fields.title, body: fields.body })
    .select(savedReplyColumns)
    .single();
  if (error) throw error;
  return data;
}
