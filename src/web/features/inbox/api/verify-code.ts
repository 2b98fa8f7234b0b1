import { getSupabase } from "../../../lib/supabase-client.ts";

/** Proves the factor with a code; the session becomes aal2. Resolves to the failure, or null. */
export async function verifyCode(factorId: string | (() => Promise<string>), code: string) {
  try {
    const supabase = await getSupabase();
    const id = typeof factorId === "string" ? factorId : await factorId();
    return (await supabase.auth.mfa.challengeAndVerify({ factorId: id, code })).error;
  } catch (error) {
    return error;
  }
}
