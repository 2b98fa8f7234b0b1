import { getSupabase } from "../../../lib/supabase-client.ts";

/**
 * The member's name as the team sees it: user_metadata.full_name, merged by GoTrue with what the
 * account carries, and in the session's token from now on. Resolves to the failure, or null.
 */
export async function setOwnName(name: string): Promise<unknown> {
  try {
    const supabase = await getSupabase();
    return (await supabase.auth.updateUser({ data: { full_name: name } })).error;
  } catch (error) {
    return error;
  }
}
