import { useCallback } from "react";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { failureKind } from "../model/failure.ts";

/** A failure told in the page's language from the inbox's catalogue, whatever the server said. */
export function useDescribeFailure(): (error: unknown) => string {
  const { text } = useInboxContent();
  return useCallback((error: unknown) => text.failures[failureKind(error)], [text]);
}
