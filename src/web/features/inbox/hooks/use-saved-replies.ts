import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { inboxKeys, savedRepliesQuery } from "../api/inbox-queries.ts";
import type { SavedReply } from "../model/saved-reply.ts";

/**
 * The team's saved replies: undefined until read (or when they cannot be); read again when the
 * live inbox hears one changed, or on `refresh` after this member changed one.
 */
export function useSavedReplies(): {
  replies: SavedReply[] | undefined;
  state: "loading" | "failed" | "ready";
  refresh: () => Promise<void>;
} {
  const client = useQueryClient();
  const query = useQuery(savedRepliesQuery());
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: inboxKeys.savedReplies() }),
    [client],
  );
  return {
    replies: query.status === "success" ? query.data : undefined,
    state: query.status === "pending" ? "loading" : query.status === "error" ? "failed" : "ready",
    refresh,
  };
}
