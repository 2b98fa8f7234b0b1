import { getSupabase } from "../../../lib/supabase-client.ts";

/** Deletes one submission for good; false when there was none this member may delete. */
export async function deleteSubmission(id: number): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .delete()
    .eq("id", id)
    .select("id");
  if (error) throw error;
  return data.length > 0;
}
