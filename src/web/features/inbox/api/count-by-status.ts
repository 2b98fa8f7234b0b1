import { getSupabase } from "../../../lib/supabase-client.ts";
import { searchText, type SubmissionFilter } from "../model/filter.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { querySubmissions } from "./query-submissions.ts";

/** How many of each status, spam included, and how many nobody has opened (spam aside). */
export type StatusCounts = Record<SubmissionStatus | "unread", number>;

/** The counts for the filter's form and text. */
export async function countByStatus(filter: SubmissionFilter): Promise<StatusCounts> {
  const supabase = await getSupabase();
  const text = searchText(filter);
  if (text !== undefined) {
    // One reading of the matches for all five counts (public.search_submission_counts).
    const { data, error } = await supabase.rpc("search_submission_counts", {
      query: text,
      form: filter.form === "all" ? null : filter.form,
    });
    if (error) throw error;
    return data as StatusCounts;
  }
  const count = async (
    status: SubmissionFilter["status"],
    unreadOnly: boolean,
  ): Promise<number> => {
    let query = querySubmissions(supabase, { ...filter, status }, "id", { count: "exact" });
    if (unreadOnly) query = query.eq("seen", false);
    const { count: found, error } = await query.limit(1);
    if (error) throw error;
    return found ?? 0;
  };
  const [unread, ...byStatus] = await Promise.all([
    count("all", true),
    ...submissionStatuses.map((status) => count(status, false)),
  ]);
  return {
    unread: unread ?? 0,
    ...(Object.fromEntries(
      submissionStatuses.map((status, index) => [status, byStatus[index] ?? 0]),
    ) as Record<SubmissionStatus, number>),
  };
}
