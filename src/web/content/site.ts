// Links and times that are configuration rather than copy: one place to change them.

export type SocialNetwork = "instagram" | "x" | "youtube" | "tiktok" | "facebook";

export const socialLinks: readonly { network: SocialNetwork; href: string }[] = [
  { network: "instagram", href: "https://www.instagram.com/kalima.initiative" },
  { network: "x", href: "https://x.com/kalima_initiative" },
  { network: "youtube", href: "https://www.youtube.com/@kalima.initiative" },
  { network: "tiktok", href: "https://www.tiktok.com/@kalima.initiative" },
  { network: "facebook", href: "https://www.facebook.com/kalima.initiative" },
];

/** 0 is Sunday, as in Date.getUTCDay(). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface WeeklySlot {
  day: Weekday;
  /** 24-hour "HH:MM". */
  start: string;
}

/** The six programs, in the order of the content modules' `programs`. */
export const programSchedule: readonly (WeeklySlot & { youtube: string })[] = [
  { day: 0, start: "21:00", youtube: "https://www.youtube.com/@kalima.initiative/playlists?book" },
  { day: 1, start: "08:00", youtube: "https://www.youtube.com/@kalima.initiative/playlists?heart" },
  {
    day: 2,
    start: "21:00",
    youtube: "https://www.youtube.com/@kalima.initiative/playlists?secret",
  },
  {
    day: 3,
    start: "19:00",
    youtube: "https://www.youtube.com/@kalima.initiative/playlists?leadership",
  },
  { day: 4, start: "21:00", youtube: "https://www.youtube.com/@kalima.initiative/playlists?voice" },
  { day: 5, start: "17:00", youtube: "https://www.youtube.com/@kalima.initiative/playlists?tone" },
];

export const mutakallimSessions: WeeklySlot & { end: string } = {
  day: 6,
  start: "19:00",
  end: "20:30",
};
