import { getSupabase } from "../../../lib/supabase-client.ts";

/**
 * Whether a mail worker vouches, now, that the outbox is delivered (public.mail_delivery).
 * PostgreSQL reads the literal 'now' as the transaction's time, so the database's clock decides,
 * not the browser's.
 */
export async function readMailOn(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("mail_delivery")
    .select("seen_at")
    .gt("live_until", "now");
  if (error) throw error;
  return data.length > 0;
}
