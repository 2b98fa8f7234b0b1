// The shape of every string a visitor can read. ar.ts and en.ts both satisfy it, so a key present
// in one language and missing in the other does not compile. Tuples fix the counts the design
// holds (seven phrases, four format points); the lists the team edits (programs, values, stories,
// the philosophy's points) may grow or shrink.
import type { ContactError } from "../../shared/form-checks.ts";
import type { Retention } from "../../shared/retention.ts";
import type { sitePages } from "../../shared/pages.js";

export type PageId = (typeof sitePages)[number]["id"];

/** A photo of the team's, in one language: its path in `site-media` and what it shows. */
export interface Photo {
  path: string;
  alt: string;
}

export interface PageMetaText {
  title: string;
  description: string;
  /** The link preview's picture, when the team has chosen one. */
  image?: Photo;
}

export interface Titled {
  title: string;
  text: string;
}

export interface Story {
  quote: string;
  author: string;
  context: string;
  image?: Photo;
}

export interface ProgramText {
  title: string;
  summary: string;
  image?: Photo;
}

export interface ValueText extends Titled {
  icon: "awareness" | "speech" | "dignity" | "impact";
}

export interface Definition {
  term: string;
  definition: string;
}

type Four<T> = [T, T, T, T];
type Seven<T> = [T, T, T, T, T, T, T];

export interface FormText {
  name: string;
  email: string;
  phone: string;
  message: string;
  question: string;
  questionHint: string;
  optional: string;
  /** The honeypot's label, which only robots read. */
  website: string;
  errorSummaryTitle: string;
  errors: Record<ContactError, string>;
  contact: { submit: string; submitting: string };
  mutakallim: { submit: string; submitting: string };
  /** Beside the button: what is kept, for how long, and how to have it erased. */
  privacy: { kept: string; erase: string; link: string };
  /** Said where the form was once a submission is stored. */
  sent: { contact: SentText; mutakallim: SentText };
}

export interface SentText {
  title: string;
  text: string;
  /** With scripts the address is known: where the team will answer, followed by it. */
  replyTo: string;
  /** What happens next, true whether or not the site's mail is on. */
  next?: string;
  /** Said only while the site's mail is on: the confirmation it sends. */
  confirmation?: string;
  /** Brings the form back, empty. */
  again: string;
}

export interface PrivacySection {
  title: string;
  paragraphs: string[];
}

export interface PrivacyText {
  title: string;
  lead: string;
  kept: PrivacySection;
  readers: PrivacySection;
  /** Follows the retention settings in words. */
  howLong: PrivacySection;
  erasure: PrivacySection;
  other: PrivacySection;
  /** The retention settings in words; `formatNumber` writes the numbers in the language's digits. */
  retention: (retention: Retention, formatNumber: (value: number) => string) => string;
}

export interface ToastText {
  title: string;
  description: string;
}

export interface Content {
  siteName: string;
  /** "{page title} | {siteName}" */
  documentTitle: (pageTitle: string) => string;
  ogLocale: "ar_AR" | "en_US";
  /** What og-image.png shows, for those who cannot see it where the page is shared. */
  ogImageAlt: string;
  skipLink: string;
  nav: Record<PageId, string> & { label: string };
  header: {
    homeLink: string;
    openMenu: string;
    closeMenu: string;
    register: string;
  };
  languageSwitch: {
    /** The other language's name, in that language. */
    label: string;
    lang: "ar" | "en";
  };
  footer: {
    description: string;
    followUs: string;
    explore: string;
    /** `year` comes formatted in the language's numerals. */
    copyright: (year: string) => string;
    opensInNewTab: string;
  };
  social: Record<"instagram" | "x" | "youtube" | "tiktok" | "facebook", string>;
  /** Said after every time of day: the zone of site.ts's schedule, in ICU's own words for it. */
  timeZone: string;
  meta: Record<PageId | "notFound" | "error", PageMetaText>;
  home: {
    hero: { eyebrow: string; quote: string; lead: string; cta: string };
    /** Decorative phrases behind the hero; always Arabic, in both languages. */
    phrases: Seven<string>;
    philosophy: { title: string; text: string; points: string[] };
    programs: { title: string; lead: string; cta: string };
    identity: Titled;
    values: { title: string; lead: string };
    stories: { title: string; lead: string };
    closing: { title: string; text: string; cta: string };
  };
  values: ValueText[];
  programs: ProgramText[];
  stories: Story[];
  about: {
    title: string;
    lead: string;
    philosophy: Titled;
    vision: Titled;
    mission: Titled;
    valuesTitle: string;
  };
  programsPage: {
    title: string;
    lead: string;
    /** The lead and the page's description while not every program has a link to watch it. */
    scheduleOnly: { lead: string; description: string };
    weekly: string;
    day: string;
    time: string;
    watch: string;
  };
  mutakallim: {
    title: string;
    lead: string;
    description: string;
    formatTitle: string;
    format: Four<Definition>;
    structureTitle: string;
    duration: Definition;
    /** The day and times come from the schedule (site.ts, or the published content). */
    sessions: { term: string };
    /** Near the top of the page: takes the visitor down to the form. */
    registerCta: string;
    formTitle: string;
    formLead: string;
  };
  comingSoon: {
    mutaallem: Titled;
    asdaaKalima: Titled;
    status: string;
  };
  community: {
    commitment: Titled;
    title: string;
    lead: string;
    storiesTitle: string;
  };
  contact: {
    title: string;
    lead: string;
    formTitle: string;
    /** Above the form, for would-be speakers: the registration is elsewhere. */
    toRegistration: { text: string; link: string };
    socialTitle: string;
  };
  notFound: { code: string; title: string; text: string; back: string };
  routeError: { title: string; back: string; statusText: (status: string) => string };
  form: FormText;
  privacy: PrivacyText;
  toasts: {
    region: string;
    close: string;
    verificationFailed: ToastText;
    contactFailed: ToastText;
    contactSent: ToastText;
    registrationFailed: ToastText;
    registrationSent: ToastText;
    /** Past the database's limit per client; `wait` is a relative time ("in 7 minutes"). */
    tooManyMessages: { title: string; description: (wait: string | undefined) => string };
    signUpFailed: string;
    signInFailed: string;
    signOutFailed: string;
    somethingWentWrong: string;
  };
}
