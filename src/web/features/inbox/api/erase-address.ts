import { getSupabase } from "../../../lib/supabase-client.ts";

/** Deletes every submission sent from `address`, whatever its case; answers how many. */
export async function eraseAddress(address: string): Promise<number> {
  const supabase = await getSupabase();
  const answer = await supabase.rpc("erase_submissions_from", { address });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: what the function answers is read as unknown.
  const data: unknown = answer.data;
  return Number(data);
}
