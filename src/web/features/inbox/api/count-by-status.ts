import { getSupabase } from "../../../lib/supabase-client.ts";
import { searchText, type SubmissionFilter } from "../model/filter.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { querySubmissions } from "./query-submissions.ts";

/**
 * How many of each status, spam included, and how many nobody has opened (spam aside). Without
 * text, each is exact up to countLimit (model/count.ts) and the planner's estimate past it. With
 * text, exact unless `more`: the search passed countLimit matches and stopped counting, and
 * the counts are of the matches it read.
 */
export type StatusCounts = Record<SubmissionStatus | "unread", number> & { more: boolean };

/** The counts for the filter's form and text. */
export async function countByStatus(filter: SubmissionFilter): Promise<StatusCounts> {
  const supabase = await getSupabase();
  const text = searchText(filter);
  if (text !== undefined) {
    // All five in one reading of at most countLimit + 1 matches (public.search_submission_counts).
    const { data, error } = await supabase.rpc(
      "search_submission_counts",
      { query: text, ...(filter.form === "all" ? {} : { form: filter.form }) },
      { get: true },
    );
    if (error) throw error;
    return data as StatusCounts;
  }
  const count = async (
    status: SubmissionFilter["status"],
    unreadOnly: boolean,
  ): Promise<number> => {
    let query = querySubmissions(supabase, { ...filter, status }, "id", { count: "estimated" });
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
    more: false,
    unread: unread ?? 0,
    ...(Object.fromEntries(
      submissionStatuses.map((status, index) => [status, byStatus[index] ?? 0]),
    ) as Record<SubmissionStatus, number>),
  };
}
