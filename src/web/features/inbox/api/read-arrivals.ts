import { getSupabase } from "../../../lib/supabase-client.ts";
import type { Arrival } from "../model/live-inbox.ts";

/** The newest submission's id, or 0 when there is none: what arrivals are counted after. */
export async function readLatestSubmissionId(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .select("id")
    .order("id", { ascending: false })
    .limit(1)
    .maybeSingle<{ id: number }>();
  if (error) throw error;
  return data?.id ?? 0;
}

/** Submissions that arrived after `id`, oldest first, at most `limit` of them. */
export async function readArrivalsAfter(id: number, limit = 500): Promise<Arrival[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("contact_submissions")
    .select("id, name, status")
    .gt("id", id)
    .order("id", { ascending: true })
    .limit(limit)
    .returns<Arrival[]>();
  if (error) throw error;
  return data;
}
