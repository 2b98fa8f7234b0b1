import { useQuery } from "@tanstack/react-query";
import { statusCountsQuery } from "../api/inbox-queries.ts";
import type { StatusCounts } from "../api/count-by-status.ts";
import type { SubmissionFilter } from "../model/filter.ts";

/**
 * How many submissions of each status the form and text match; read each time the list is shown
 * (a status may have changed in the detail) and whenever the list's matches are read again.
 * Undefined until known for this form and text; a failure leaves the counts out rather than
 * showing wrong ones.
 */
export function useStatusCounts(filter: SubmissionFilter): StatusCounts | undefined {
  const { data, status } = useQuery(statusCountsQuery(filter));
  return status === "success" ? data : undefined;
}
