import { createContext, useContext } from "react";
import { teamNames, type NameOf } from "./team-names.ts";

/**
 * How the team's pages name a member (see teamNames): given by the inbox once it has read the
 * team's names; by address until then, and wherever nothing gives it (a component alone).
 */
export const TeamNames = createContext<NameOf>(teamNames([]));

export function useTeamNames(): NameOf {
  return useContext(TeamNames);
}
