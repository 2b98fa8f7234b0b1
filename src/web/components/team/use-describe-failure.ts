import { useCallback } from "react";
import { useTeamContent } from "./content/use-team-content.ts";
import { failureKind } from "./failure.ts";

/** A failure told in the page's language from the team's catalogue, whatever the server said. */
export function useDescribeFailure(): (error: unknown) => string {
  const { team } = useTeamContent();
  return useCallback((error: unknown) => team.failures[failureKind(error)], [team]);
}
