import { socialNetworks } from "../../shared/site-links.js";
import { metaPages, type SiteContent, type SiteContentSection } from "../../shared/site-content.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import { mutakallimSessions, programSchedule } from "./site.ts";
import type { Content } from "./types.ts";

/** Each program's address on /programs, in the order of the content modules' `programs`. */
const programIds = [
  "between-the-covers",
  "heart-to-heart",
  "secret-of-the-word",
  "leading-by-the-word",
  "your-voice",
  "tone-of-impact",
];

function both<T>(pick: (content: Content) => T): { ar: T; en: T } {
  return { ar: pick(ar), en: pick(en) };
}

/**
 * Each section's first content, from today's words, schedule and links in the content modules:
 * what a new install publishes first (docs/decisions/0041). A section the site shows has its
 * entry here, or the types say what is missing. Links are empty: an install names its own
 * accounts.
 */
const initialSections: { [Section in SiteContentSection]: () => SiteContent[Section] } = {
  programs: () =>
    programSchedule.map((slot, index) => ({
      id: programIds[index] ?? `program-${index + 1}`,
      title: both((content) => content.programs[index]?.title ?? ""),
      summary: both((content) => content.programs[index]?.summary ?? ""),
      day: slot.day,
      start: slot.start,
      youtube: "",
    })),
  mutakallim: () => ({
    description: both((content) => content.mutakallim.description),
    format: [0, 1, 2, 3].map((index) => ({
      term: both((content) => content.mutakallim.format[index]?.term ?? ""),
      definition: both((content) => content.mutakallim.format[index]?.definition ?? ""),
    })),
    duration: both((content) => content.mutakallim.duration.definition),
    sessions: { ...mutakallimSessions },
  }),
  links: () =>
    Object.fromEntries(socialNetworks.map((network) => [network, ""])) as SiteContent["links"],
  values: () =>
    ar.values.map((value, index) => ({
      icon: value.icon,
      title: both((content) => content.values[index]?.title ?? ""),
      text: both((content) => content.values[index]?.text ?? ""),
    })),
  stories: () =>
    ar.stories.map((_, index) => ({
      quote: both((content) => content.stories[index]?.quote ?? ""),
      author: both((content) => content.stories[index]?.author ?? ""),
      context: both((content) => content.stories[index]?.context ?? ""),
    })),
  pages: () => ({
    meta: Object.fromEntries(
      metaPages.map((page) => [
        page,
        {
          title: both((content) => content.meta[page].title),
          description: both((content) => content.meta[page].description),
        },
      ]),
    ) as SiteContent["pages"]["meta"],
    home: {
      hero: {
        eyebrow: both((content) => content.home.hero.eyebrow),
        quote: both((content) => content.home.hero.quote),
        lead: both((content) => content.home.hero.lead),
      },
      philosophy: {
        title: both((content) => content.home.philosophy.title),
        text: both((content) => content.home.philosophy.text),
        points: ar.home.philosophy.points.map((_, index) =>
          both((content) => content.home.philosophy.points[index] ?? ""),
        ),
      },
      identity: {
        title: both((content) => content.home.identity.title),
        text: both((content) => content.home.identity.text),
      },
      closing: {
        title: both((content) => content.home.closing.title),
        text: both((content) => content.home.closing.text),
      },
    },
    leads: {
      about: both((content) => content.about.lead),
      programs: both((content) => content.programsPage.lead),
      mutakallim: both((content) => content.mutakallim.lead),
      community: both((content) => content.community.lead),
      contact: both((content) => content.contact.lead),
    },
    about: {
      vision: {
        title: both((content) => content.about.vision.title),
        text: both((content) => content.about.vision.text),
      },
      mission: {
        title: both((content) => content.about.mission.title),
        text: both((content) => content.about.mission.text),
      },
    },
    comingSoon: {
      mutaallem: both((content) => content.comingSoon.mutaallem.text),
      asdaaKalima: both((content) => content.comingSoon.asdaaKalima.text),
      status: both((content) => content.comingSoon.status),
    },
  }),
};

/**
 * Today's words, schedule and links as a site content document, the sections in their order:
 * what a new install publishes first. A fresh database holds the same (its migrations keep it as
 * history, 20261126000600; tests/contract/first-site-content.test.ts holds the two together).
 */
export function initialSiteContent(): SiteContent {
  return Object.fromEntries(
    Object.entries(initialSections).map(([section, initial]) => [section, initial()]),
  ) as SiteContent;
}
