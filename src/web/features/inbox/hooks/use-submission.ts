import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { inboxKeys, openSubmissionQuery, type OpenSubmission } from "../api/inbox-queries.ts";
import type { Loaded } from "./use-submissions.ts";

export type { OpenSubmission } from "../api/inbox-queries.ts";

/**
 * One submission, read whole, with its history and what became of its confirmation; read again
 * when the inbox hears it changed (useLiveInbox invalidates it) or on `refresh`, what was read
 * staying on view meanwhile. A reading that fails shows nothing of it.
 */
export function useSubmission(id: number): {
  result: Loaded<OpenSubmission>;
  refresh: () => void;
} {
  const client = useQueryClient();
  const query = useQuery(openSubmissionQuery(id));
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: inboxKeys.submission(id) }),
    [client, id],
  );
  const failed = query.status === "error";
  const result: Loaded<OpenSubmission> = {
    state: query.isPending || query.isFetching ? "loading" : failed ? "failed" : "ready",
    data: failed ? undefined : query.data,
  };
  return { result, refresh };
}
