import { getSupabase } from "../../../lib/supabase-client.ts";

/** Sets the signed-in member's password; resolves to the failure, or null. */
export async function choosePassword(password: string): Promise<unknown> {
  try {
    const supabase = await getSupabase();
    return (await supabase.auth.updateUser({ password })).error;
  } catch (error) {
    return error;
  }
}
