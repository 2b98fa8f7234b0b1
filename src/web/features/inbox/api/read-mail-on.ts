import { getSupabase } from "../../../lib/supabase-client.ts";

/**
 * Whether a mail worker vouches, now, that the outbox is delivered (public.mail_is_on, which
 * reads public.mail_delivery by the database's clock, not the browser's). Anyone may ask: a
 * member who forgot their password asks before signing in.
 */
export async function readMailOn(): Promise<boolean> {
  const supabase = await getSupabase();
  const answer = await supabase.rpc("mail_is_on", undefined, { get: true });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: what the function answers is read as unknown.
  const data: unknown = answer.data;
  return data === true;
}
