import { getSupabase } from "../../../lib/supabase-client.ts";

/**
 * Whether the site's mail is delivered now (public.mail_is_on, which anyone may ask): a
 * registration's confirmation is promised only then.
 */
export async function readMailOn(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("mail_is_on", undefined, { get: true });
  if (error) throw error;
  return data === true;
}
