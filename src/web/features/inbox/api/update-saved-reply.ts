import type { SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { savedReplyColumns, type SavedReply, type SavedReplyFields } from "../model/saved-reply.ts";
import { readSavedReply } from "./read-saved-reply.ts";

/**
 * What became of a change to a saved reply: made, or not made because another member changed
 * it (`current`, as it is now) or deleted it (`current` null) since this member read it.
 */
export type SavedReplyChange =
  { done: true; row: SavedReply } | { done: false; current: SavedReply | null };

/**
 * Writes a saved reply over the one this member read (`seen`, its updated_at): never over a
 * newer one, which answers no row and is then read as it is now.
 */
export async function updateSavedReply(
  id: number,
  seen: string,
  fields: SavedReplyFields,
  client: SupabaseClient | Promise<SupabaseClient> = getSupabase(),
): Promise<SavedReplyChange> {
  const supabase = await client;
  const { data, error } = await supabase
    .from("saved_replies")
    .update({ language: fields.language, title: fields.title, body: fields.body })
    .eq("id", id)
    .eq("updated_at", seen)
    .select(savedReplyColumns);
  if (error) throw error;
  const [saved] = data;
  if (saved) return { done: true, row: saved };
  return { done: false, current: await readSavedReply(supabase, id) };
}
