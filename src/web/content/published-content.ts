import { createContext, useContext } from "react";
import { socialNetworks } from "../../shared/site-links.js";
import {
  everyProgramWatchable,
  mutakallimSessions,
  programPlaylist,
  programSchedule,
  socialLinks,
  type SocialNetwork,
  type Weekday,
  type WeeklySlot,
} from "./site.ts";
import type { PageContent } from "./page-content.ts";

/**
 * The parts of the team's published content the page shows, as it was rendered with them (its
 * routes' loader data), or undefined where none is given (a component rendered on its own): then
 * the content modules and site.ts speak for what is missing, as they did before the team could
 * edit the site.
 */
export const PublishedContentContext = createContext<PageContent | undefined>(undefined);

/** The social profiles to show, in the order visitors see them. */
export function useSocialLinks(): { network: SocialNetwork; href: string }[] {
  const links = useContext(PublishedContentContext)?.links;
  if (!links) return socialLinks();
  return socialNetworks.flatMap((network) => {
    const href = links[network];
    return href ? [{ network, href }] : [];
  });
}

// The schema holds a day to 0 (Sunday) through 6, the values of Weekday.

/** Each program's weekly slot and where to watch it, in the order of `content.programs`. */
export function useProgramSlots(): { slot: WeeklySlot; youtube: string | undefined }[] {
  const programs = useContext(PublishedContentContext)?.programs;
  if (!programs) {
    return programSchedule.map((slot, index) => ({ slot, youtube: programPlaylist(index) }));
  }
  return programs.map(({ day, start, end, youtube }) => ({
    slot: { day: day as Weekday, start, ...(end ? { end } : {}) },
    youtube: youtube || undefined,
  }));
}

/** Whether every program has a link to watch it, so the programs page may say where to watch. */
export function useEveryProgramWatchable(): boolean {
  const programs = useContext(PublishedContentContext)?.programs;
  return programs ? programs.every((program) => program.youtube !== "") : everyProgramWatchable();
}

/** Mutakallim's group sessions. */
export function useMutakallimSessions(): WeeklySlot & { end: string } {
  const sessions = useContext(PublishedContentContext)?.mutakallim?.sessions;
  return sessions ? { ...sessions, day: sessions.day as Weekday } : mutakallimSessions;
}
