import { getSupabase } from "../../../lib/supabase-client.ts";

/** Deletes every submission sent from `address`, whatever its case; answers how many. */
export async function eraseAddress(address: string): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("erase_submissions_from", { address });
  if (error) throw error;
  return Number(data);
}
