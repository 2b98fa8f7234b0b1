import { getSupabase } from "../../../lib/supabase-client.ts";
import { searchText, statusArguments, type SubmissionFilter } from "../model/filter.ts";
import { countedOf, matchingCount, type Counted } from "../model/count.ts";
import { pageSize, submissionColumns, type Submission } from "../model/submission.ts";
import { countByStatus, type StatusCounts } from "./count-by-status.ts";
import { querySubmissions } from "./query-submissions.ts";

export interface SubmissionPage {
  rows: Submission[];
  /** How many the filter matches, on all pages, read as `counted` says. */
  count: number;
  counted: Counted;
  /** Whether another page follows this one. */
  more: boolean;
}

/**
 * One page (from 1) of the submissions the filter matches, newest first. A search's count comes
 * from `countSearch`: the query cache hands it the status counts' reading, under way or new.
 */
export async function listSubmissions(
  filter: SubmissionFilter,
  page: number,
  countSearch: (filter: SubmissionFilter) => Promise<StatusCounts> = countByStatus,
): Promise<SubmissionPage> {
  const from = (page - 1) * pageSize;
  const text = searchText(filter);
  // Asked for before anything is awaited, beside the status counts' own asking: they share it.
  const searchCounts = text === undefined ? undefined : countSearch(filter);
  // Read below; should the client fail to load first, its failure is the one reported.
  searchCounts?.catch(() => {});
  const supabase = await getSupabase();
  if (text !== undefined && searchCounts) {
    // The database finds, orders and pages the matches itself (public.search_submissions), and
    // counts them up to a point (public.search_submission_counts).
    const [found, counts] = await Promise.all([
      supabase
        .rpc(
          "search_submissions",
          {
            query: text,
            ...(filter.form === "all" ? {} : { form: filter.form }),
            ...statusArguments(filter.status),
            row_limit: pageSize + 1,
            row_offset: from,
          },
          // A read: PostgREST runs a GET's call read-only.
          { get: true },
        )
        .select(submissionColumns),
      searchCounts,
    ]);
    if (found.error) throw found.error;
    const rows = found.data as unknown as Submission[];
    const more = rows.length > pageSize;
    const shown = rows.slice(0, pageSize);
    if (!counts.more) {
      return { rows: shown, count: matchingCount(counts, filter.status), counted: "exact", more };
    }
    // The search stopped counting: the pages tell what is known.
    return more
      ? { rows: shown, count: from + pageSize, counted: "more", more }
      : { rows: shown, count: from + shown.length, counted: "exact", more };
  }
  // Exact up to countLimit rows, past it the planner's estimate: no request counts a million.
  const { data, count, error } = await querySubmissions(supabase, filter, submissionColumns, {
    count: "estimated",
  })
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, from + pageSize);
  if (error) throw error;
  const rows = data as unknown as Submission[];
  const total = count ?? 0;
  return {
    rows: rows.slice(0, pageSize),
    count: total,
    counted: countedOf(total),
    more: rows.length > pageSize,
  };
}
