import type { StatusCounts } from "../api/count-by-status.ts";
import type { SubmissionFilter } from "./filter.ts";

/**
 * Counts are exact up to here. Past it, the list's counts are the database's estimate (PostgREST's
 * count=estimated) and a search's counts stop (search_submission_counts counts one more than
 * this and no further): the inbox says "about" and "more than".
 */
export const countLimit = 1000;

/** How a count past countLimit reads: an estimate, or a search's count that stopped. */
export type Beyond = "about" | "more";

export function beyondOf(filter: Pick<SubmissionFilter, "text">): Beyond {
  return filter.text.trim() === "" ? "about" : "more";
}

/** How many the status filter matches, from the counts of each status ("all" leaves spam out). */
export function matchingCount(counts: StatusCounts, status: SubmissionFilter["status"]): number {
  return status === "all" ? counts.new + counts.in_progress + counts.done : counts[status];
}
