import { getSupabase } from "../../../lib/supabase-client.ts";
import {
  failedMailColumns,
  failedMailDays,
  failedMailShown,
  type FailedMail,
} from "../model/mail.ts";

export interface FailedMailPage {
  rows: FailedMail[];
  /** Every mail that failed in the period, shown or not. */
  count: number;
}

/** The mails written in the last days that the worker gave up on, newest first. */
export async function listFailedMail(now = new Date()): Promise<FailedMailPage> {
  const supabase = await getSupabase();
  const since = new Date(now.getTime() - failedMailDays * 86_400_000).toISOString();
  const { data, count, error } = await supabase
    .from("mail_outbox")
    .select(failedMailColumns, { count: "exact" })
    .eq("status", "failed")
    .gte("created_at", since)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(failedMailShown);
  if (error) throw error;
  return { rows: data, count: count ?? 0 };
}
