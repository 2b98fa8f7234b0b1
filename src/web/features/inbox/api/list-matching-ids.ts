import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { querySubmissions } from "./query-submissions.ts";

const batch = 1000;

/** The ids of every submission the filter matches, for an action on all of them. */
export async function listMatchingIds(filter: SubmissionFilter): Promise<number[]> {
  const supabase = await getSupabase();
  const ids: number[] = [];
  for (let from = 0; ; from += batch) {
    const { data, error } = await querySubmissions(supabase, filter, "id")
      .order("id", { ascending: true })
      .range(from, from + batch - 1);
    if (error) throw error;
    const rows = data as unknown as { id: number }[];
    ids.push(...rows.map((row) => row.id));
    if (rows.length < batch) return ids;
  }
}
