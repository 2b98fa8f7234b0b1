import { useQuery } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { teamNames } from "../../../components/team/team-names.ts";
import { TeamNames } from "../../../components/team/use-team-names.ts";
import { teamNamesQuery } from "../api/inbox-queries.ts";

/**
 * The team's names for everything inside the inbox (the site editor too): read once it opens,
 * again when the member changes their own; until read, or if it cannot be, members are named by
 * their address, as the records keep them.
 */
export function TeamNamesProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(teamNamesQuery());
  const nameOf = useMemo(() => teamNames(data ?? []), [data]);
  return <TeamNames value={nameOf}>{children}</TeamNames>;
}
