import { getSupabase } from "../../../lib/supabase-client.ts";
import type { AssuranceLevel } from "../model/step.ts";

/** The session's assurance level as supabase-js reads it; undefined without a session. */
export async function readAssuranceLevel(): Promise<AssuranceLevel | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.currentLevel === null ? undefined : data;
}
