import type { StatusCounts } from "../api/count-by-status.ts";
import { statusesOfAll, type SubmissionFilter } from "./filter.ts";

/**
 * Counts are exact up to here. Past it, the list's counts are the database's estimate (PostgREST's
 * count=estimated), and a search stops counting (search_submission_counts reads at most one
 * more match than this).
 */
export const countLimit = 1000;

/** How a count reads: exactly, about (an estimate), or more than (a bound the count passed). */
export type Counted = "exact" | "about" | "more";

/** How the list's count reads, for a count of the table (not of a search). */
export function countedOf(count: number): Counted {
  return count > countLimit ? "about" : "exact";
}

/** How many the status filter matches, from the counts of each status ("all" by the spam rule). */
export function matchingCount(counts: StatusCounts, status: SubmissionFilter["status"]): number {
  return status === "all"
    ? statusesOfAll.reduce((sum, each) => sum + counts[each], 0)
    : counts[status];
}
