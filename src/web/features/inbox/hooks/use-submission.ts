import { useCallback, useEffect, useState } from "react";
import { listChanges } from "../api/list-changes.ts";
import { readConfirmation } from "../api/read-confirmation.ts";
import { readSubmission } from "../api/read-submission.ts";
import type { Confirmation } from "../model/mail.ts";
import type { Submission, SubmissionChange } from "../model/submission.ts";
import { loadedFor, type Loaded } from "./use-submissions.ts";

export interface OpenSubmission {
  submission: Submission | null;
  changes: SubmissionChange[];
  /** A registration's confirmation to the registrant; null for a message. */
  confirmation: Confirmation | null;
}

/**
 * One submission, read whole, with its history and what became of its confirmation; read again
 * when `freshness` changes (the inbox heard it changed), what was read staying on view.
 */
export function useSubmission(
  id: number,
  freshness = 0,
): {
  result: Loaded<OpenSubmission>;
  refresh: () => void;
} {
  const [answer, setAnswer] = useState<{
    key: string;
    failed: boolean;
    data: OpenSubmission | undefined;
  }>();
  const [reload, setReload] = useState(0);
  const key = `${id}:${reload}:${freshness}`;

  useEffect(() => {
    let current = true;
    Promise.all([readSubmission(id), listChanges(id), readConfirmation(id)]).then(
      ([submission, changes, confirmation]) =>
        current && setAnswer({ key, failed: false, data: { submission, changes, confirmation } }),
      () => current && setAnswer({ key, failed: true, data: undefined }),
    );
    return () => {
      current = false;
    };
  }, [key, id]);

  const refresh = useCallback(() => setReload((count) => count + 1), []);
  const result = loadedFor(key, answer);
  // Another submission's data is not this one's.
  const own = answer && answer.key.startsWith(`${id}:`) ? result : { ...result, data: undefined };
  return { result: own, refresh };
}
