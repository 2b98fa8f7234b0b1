import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { pageSize, submissionColumns, type Submission } from "../model/submission.ts";
import { querySubmissions } from "./query-submissions.ts";

export interface SubmissionPage {
  rows: Submission[];
  /** Every submission the filter matches, on all pages. */
  count: number;
}

/** One page (from 1) of the submissions the filter matches, newest first. */
export async function listSubmissions(
  filter: SubmissionFilter,
  page: number,
): Promise<SubmissionPage> {
  const supabase = await getSupabase();
  const from = (page - 1) * pageSize;
  const { data, count, error } = await querySubmissions(supabase, filter, submissionColumns, {
    count: "exact",
  })
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + pageSize - 1);
  if (error) throw error;
  return { rows: data as unknown as Submission[], count: count ?? 0 };
}
