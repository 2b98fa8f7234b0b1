// Links and times that are configuration rather than copy: one place to change them.
import { programLinkSetting, socialLinkSetting, socialNetworks } from "../../shared/site-links.js";

export type SocialNetwork = (typeof socialNetworks)[number];

/**
 * The initiative's own accounts, each overridden at build by its VITE_LINK_* variable
 * (docs/configuration.md). Empty until the team names them, and an empty one is not shown: an address
 * guessed here could belong to a stranger.
 */
export const socialProfiles: Readonly<Record<SocialNetwork, string>> = {
  instagram: "",
  x: "",
  youtube: "",
  tiktok: "",
  facebook: "",
};

/** Each program's YouTube playlist, in the order of the content modules' `programs`. */
export const programPlaylists: readonly string[] = ["", "", "", "", "", ""];

function configured(setting: string, inFile: string | undefined): string | undefined {
  const fromBuild: unknown = import.meta.env[setting];
  const value = (typeof fromBuild === "string" && fromBuild.trim()) || inFile?.trim();
  return value || undefined;
}

/** The social profiles that are configured, in the order visitors see them. */
export function socialLinks(): { network: SocialNetwork; href: string }[] {
  return socialNetworks.flatMap((network) => {
    const href = configured(socialLinkSetting(network), socialProfiles[network]);
    return href ? [{ network, href }] : [];
  });
}

/** Where to watch a program (0 is the first), or undefined when that is not configured. */
export function programPlaylist(index: number): string | undefined {
  return configured(programLinkSetting(index), programPlaylists[index]);
}

/** Every program has a link to watch it, so the programs page may say where to watch. */
export function everyProgramWatchable(): boolean {
  return programSchedule.every((_, index) => programPlaylist(index) !== undefined);
}

/**
 * The IANA zone every time in the schedule is kept in: Jordan's, as the contact form's own example
 * numbers (+962) say. The content modules name it after each time (`timeZone`).
 */
export const scheduleTimeZone = "Asia/Amman";

/** 0 is Sunday, as in Date.getUTCDay(). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface WeeklySlot {
  day: Weekday;
  /** 24-hour "HH:MM". */
  start: string;
  /** When it ends, if the team says. */
  end?: string;
}

/** The six programs, in the order of the content modules' `programs`. */
export const programSchedule: readonly WeeklySlot[] = [
  { day: 0, start: "21:00" },
  { day: 1, start: "08:00" },
  { day: 2, start: "21:00" },
  { day: 3, start: "19:00" },
  { day: 4, start: "21:00" },
  { day: 5, start: "17:00" },
];

export const mutakallimSessions: WeeklySlot & { end: string } = {
  day: 6,
  start: "19:00",
  end: "20:30",
};
