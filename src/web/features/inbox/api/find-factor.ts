import { getSupabase } from "../../../lib/supabase-client.ts";

/** The member's verified authenticator app, the one a code is checked against. */
export async function findVerifiedFactor(): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp.find((candidate) => candidate.status === "verified");
  if (!factor) throw new Error("No verified authenticator app");
  return factor.id;
}
