import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { querySubmissions } from "./query-submissions.ts";

export type StatusCounts = Record<SubmissionStatus, number>;

/** How many submissions of each status the filter's form and text match, spam included. */
export async function countByStatus(filter: SubmissionFilter): Promise<StatusCounts> {
  const supabase = await getSupabase();
  const counts = await Promise.all(
    submissionStatuses.map(async (status) => {
      const { count, error } = await querySubmissions(supabase, { ...filter, status }, "id", {
        count: "exact",
      }).limit(1);
      if (error) throw error;
      return [status, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as StatusCounts;
}
