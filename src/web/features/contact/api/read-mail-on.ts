import { getSupabase } from "../../../lib/supabase-client.ts";

/**
 * Whether the site's mail is delivered now (public.mail_is_on, which anyone may ask): a
 * registration's confirmation is promised only then.
 */
export async function readMailOn(): Promise<boolean> {
  const supabase = await getSupabase();
  const answer = await supabase.rpc("mail_is_on", undefined, { get: true });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: what the function answers is read as unknown.
  const data: unknown = answer.data;
  return data === true;
}
