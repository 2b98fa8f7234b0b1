import { getSupabase } from "../../../lib/supabase-client.ts";

/** Removes an unverified authenticator app nobody can prove any more. */
export async function removeFactor(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}
