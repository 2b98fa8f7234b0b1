import { useEffect, useState } from "react";
import { countByStatus, type StatusCounts } from "../api/count-by-status.ts";
import type { SubmissionFilter } from "../model/filter.ts";

/**
 * How many submissions of each status the form and text match; read again when they change
 * or when `freshness` does (the list read again). Undefined until
 * known for this form and text; a failure leaves the counts out rather than showing wrong ones.
 */
export function useStatusCounts(
  filter: SubmissionFilter,
  freshness: unknown,
): StatusCounts | undefined {
  const { form, text } = filter;
  const key = `${form}\n${text}`;
  const [answer, setAnswer] = useState<{ key: string; counts: StatusCounts | undefined }>();

  useEffect(() => {
    let current = true;
    countByStatus({ form, status: "all", text }).then(
      (counts) => current && setAnswer({ key, counts }),
      () => current && setAnswer({ key, counts: undefined }),
    );
    return () => {
      current = false;
    };
  }, [key, form, text, freshness]);

  return answer?.key === key ? answer.counts : undefined;
}
