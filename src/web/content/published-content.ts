import { createContext, useContext } from "react";
import { socialNetworks } from "../../shared/site-links.js";
import type { SiteContent } from "../../shared/site-content.ts";
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

/**
 * The team's published content, as the page was rendered with it (the root route's loader data),
 * or undefined where none is given (a component rendered on its own): then the content modules
 * and site.ts speak, as they did before the team could edit the site.
 */
export const PublishedContentContext = createContext<SiteContent | undefined>(undefined);

/** The social profiles to show, in the order visitors see them. */
export function useSocialLinks(): { network: SocialNetwork; href: string }[] {
  const site = useContext(PublishedContentContext);
  if (!site) return socialLinks();
  return socialNetworks.flatMap((network) => {
    const href = site.links[network];
    return href ? [{ network, href }] : [];
  });
}

// The schema holds a day to 0 (Sunday) through 6, the values of Weekday.

/** Each program's weekly slot and where to watch it, in the order of `content.programs`. */
export function useProgramSlots(): { slot: WeeklySlot; youtube: string | undefined }[] {
  const site = useContext(PublishedContentContext);
  if (!site) {
    return programSchedule.map((slot, index) => ({ slot, youtube: programPlaylist(index) }));
  }
  return site.programs.map(({ day, start, end, youtube }) => ({
    slot: { day: day as Weekday, start, ...(end ? { end } : {}) },
    youtube: youtube || undefined,
  }));
}

/** Whether every program has a link to watch it, so the programs page may say where to watch. */
export function useEveryProgramWatchable(): boolean {
  const site = useContext(PublishedContentContext);
  return site ? site.programs.every((program) => program.youtube !== "") : everyProgramWatchable();
}

/** Mutakallim's group sessions. */
export function useMutakallimSessions(): WeeklySlot & { end: string } {
  const sessions = useContext(PublishedContentContext)?.mutakallim.sessions;
  return sessions ? { ...sessions, day: sessions.day as Weekday } : mutakallimSessions;
}
