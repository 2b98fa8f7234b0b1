import { getSupabase } from "../../../lib/supabase-client.ts";
import { searchText, type SubmissionFilter } from "../model/filter.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { querySubmissions } from "./query-submissions.ts";

/**
 * How many of each status, spam included, and how many nobody has opened of those "all" shows
 * (the spam rule, model/filter.ts). Without text, each is exact up to countLimit (model/count.ts)
 * and the planner's estimate past it. With text, exact unless `more`: the search passed
 * countLimit matches and stopped counting, and the counts are of the matches it read.
 */
export type StatusCounts = Record<SubmissionStatus | "unread", number> & { more: boolean };

/** A search's counts: all five in one reading of at most countLimit + 1 matches. */
async function countSearch(text: string, form: SubmissionFilter["form"]): Promise<StatusCounts> {
  const supabase = await getSupabase();
  // public.search_submission_counts
  const answer = await supabase.rpc(
    "search_submission_counts",
    { query: text, ...(form === "all" ? {} : { form }) },
    { get: true },
  );
  if (answer.error) throw answer.error;
  // The client has no types of the schema: what the function answers is read as unknown.
  const data: unknown = answer.data;
  return data as StatusCounts;
}

/**
 * The counts for the filter's form and text. A page of a search shares its reading with the
 * status counts through the query cache (statusCountsQuery in inbox-queries.ts).
 */
export async function countByStatus(filter: SubmissionFilter): Promise<StatusCounts> {
  const text = searchText(filter);
  if (text !== undefined) return countSearch(text, filter.form);
  const supabase = await getSupabase();
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
