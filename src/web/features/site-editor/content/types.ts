// The site editor's own words, in their own modules: only a member who opens the editor loads
// them. ar.ts and en.ts both satisfy this shape.
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import type { CountedNoun } from "../../../components/team/format.ts";

export interface EditorContent {
  lead: string;
  sections: { label: string } & Record<SiteContentSection, string>;
  /** The name of each field, by its key in the content; a list's items are named by `items`. */
  fields: Record<string, string>;
  /** An item of a list, counted from 1: "Program 3". */
  items: Record<string, (number: string) => string>;
  languages: { ar: string; en: string };
  /** A field's label with its language: "Title (Arabic)". */
  inLanguage: (field: string, language: string) => string;
  characters: (count: string, limit: string) => string;
  published: string;
  /** After `published`, for a field the site shows empty. */
  publishedEmpty: string;
  noEnd: string;
  /** A photo of a story, a program or a page's link preview (src/shared/site-content.ts). */
  photo: {
    legend: string;
    /** How the site shows it, by the section it is in: the crop and where it stands. */
    shapes: { stories: string; programs: string; pages: string };
    /** Before the photo drawn in that crop, at that size. */
    asShown: string;
    choose: string;
    replace: string;
    remove: string;
    /** What may be chosen: any size, since the editor makes it smaller before sending. */
    accepted: string;
    /** While the chosen file, `size` MB as a phone counts them, is drawn again smaller. */
    preparing: (size: string) => string;
    uploading: string;
    uploaded: string;
    /** The progress bar's name, and the figures beside it (`sent` of `total` MB). */
    progressLabel: string;
    progress: (percent: string, sent: string, total: string) => string;
    cancel: string;
    cancelled: string;
    /** The connection dropped mid-upload: it is sent again by itself when it is back. */
    lost: string;
    retry: string;
    /** The photo chosen on this device, before and while it uploads. */
    chosen: string;
    current: string;
    none: string;
    /** Still over `site-media`'s limit once drawn again smaller (MB as a phone counts them). */
    tooLarge: (size: string, limit: string) => string;
    /** A photo of `megapixels` this device could not open. */
    tooManyPixels: (megapixels: string) => string;
    /** HEIC or HEIF this browser cannot open, with the phone's setting for JPEG. */
    heic: string;
    svg: string;
    notImage: string;
    unreadable: string;
    failed: (reason: string) => string;
    altHint: string;
  };
  list: {
    add: (item: string) => string;
    remove: string;
    removeQuestion: (item: string) => string;
    moveUp: string;
    moveDown: string;
  };
  save: {
    saving: string;
    saved: (time: string) => string;
    /** The part as installed: nobody has saved a draft of it yet. */
    initial: string;
    /** The draft as another member last saved it: who, and when. */
    savedBy: (who: string, time: string) => string;
    /** Another member's save, heard as it happened, now the draft (nothing here was unsaved). */
    arrived: (who: string, time: string) => string;
    /** Another member's restore of an earlier version, heard as it happened, now the draft. */
    arrivedRestore: (who: string, number: string, time: string) => string;
    unsaved: string;
    /**
     * A draft the database would refuse (a link off its service, a photo outside the site's
     * photos), kept here until mended.
     */
    held: string;
    /** Another member saved first; `pending` says how many fields wait for a choice. */
    conflict: (who: string, pending: string) => string;
    failed: (reason: string) => string;
    loading: string;
    loadFailed: string;
  };
  conflict: {
    title: (who: string, time: string) => string;
    /** The draft was replaced by a colleague's restore of an earlier version. */
    restored: (who: string, number: string, time: string) => string;
    someone: string;
    lead: string;
    /** How many fields both members changed wait for this member's choice. */
    pending: CountedNoun;
    /** Fields merged without a question: the other member's changes, now in this draft. */
    theirsTaken: (fields: string) => string;
    /** Fields merged without a question: this member's own changes, kept. */
    mineKept: (fields: string) => string;
    /** The choice under a field both changed: its legend, then who changed it. */
    field: (field: string) => string;
    changedBy: (who: string, time: string) => string;
    theirs: string;
    yours: string;
    empty: string;
    keepMine: string;
    takeTheirs: string;
    /** Once merged: the draft is saved with the other member's changes. */
    merged: (who: string, time: string) => string;
    /** Once merged: the fields both changed, and whose text each kept. */
    choseMine: (fields: string) => string;
    choseTheirs: (fields: string) => string;
  };
  /** Who else has the section open, by name: the line under its heading, and said on arrival. */
  presence: {
    /** `names` lists `count` members, joined as the language joins a list. */
    here: (names: string, count: number) => string;
    /** The team's channel lost, being joined again: who else is here is unknown meanwhile. */
    away: string;
    /** Said once the channel is back. */
    back: string;
  };
  /** Quiet notes of another member's publish or restore, heard as it happened. */
  heard: {
    published: (who: string, version: string) => string;
    restored: (who: string, earlier: string, version: string) => string;
  };
  problems: {
    empty: string;
    tooLong: (limit: string) => string;
    link: (example: string) => string;
    time: string;
    weekday: string;
    id: string;
    repeated: string;
    endBeforeStart: string;
    imagePath: string;
    /** A photo awaiting its description: asked for before publishing, not to save. */
    alt: string;
    /** A link holding a character that turns text around (U+202E and its kin). */
    hiddenControl: string;
    tooFew: (count: string) => string;
    tooMany: (count: string) => string;
    exactly: (count: string) => string;
    invalid: string;
    /** The database refused the field (a rule the editor did not know). */
    refused: string;
    summary: (count: string) => string;
    /** On a folded group: how many of its fields need mending. */
    inGroup: (count: string) => string;
  };
  /** Why the server does not serve a version's pages (src/shared/render-problem.ts). */
  renderProblems: {
    /** A field of the content the pages cannot show as it is. */
    field: (where: string, what: string) => string;
    /** The whole document, when the problem is not in one field. */
    whole: string;
    /** How many problems besides the one named. */
    more: (count: string) => string;
    /** The content passes every check, but this page fails with it. */
    page: (page: string) => string;
    /** A code this editor does not know, from a newer server. */
    unknown: string;
  };
  preview: {
    open: string;
    title: string;
    lead: string;
    page: string;
    close: string;
    frame: (page: string, language: string, width: string) => string;
    phone: string;
    desktop: string;
    /** The wide screen's frames, folded on a phone. */
    wide: string;
  };
  publish: {
    open: string;
    title: string;
    lead: string;
    before: string;
    after: string;
    empty: string;
    confirm: string;
    cancel: string;
    nothing: string;
    /** The dialog's list, read again as another member's work arrived while it was open. */
    updated: string;
    /** While it is read again: the publish button waits. */
    reading: string;
    /** After `updated`, when lines are new: how they are marked. */
    freshLead: string;
    /** The mark of a line new since the dialog was last shown. */
    fresh: string;
    /** The publish button, paused for the member to look, with the seconds left (or none). */
    paused: (seconds: string) => string;
    /** Why the publish button waits, for a screen reader. */
    pausedWhy: string;
    drafts: string;
    savedBy: (section: string, who: string, time: string) => string;
    draftBy: (section: string, who: string) => string;
    changedSince: (drafts: string) => string;
    publishedSince: string;
    publishing: string;
    published: (version: string) => string;
    live: string;
    renderProblem: (problem: string) => string;
    waiting: string;
    failed: (reason: string) => string;
  };
  history: {
    title: string;
    version: (number: string) => string;
    by: (who: string, time: string) => string;
    changed: (sections: string) => string;
    /** A restore's version: the version it published again, and the one the site showed before. */
    restoredFrom: (number: string, previous: string | undefined) => string;
    current: string;
    restore: string;
    restoreQuestion: (number: string) => string;
    /** A restore, done: the version published again, and the new version it is now. */
    restored: (earlier: string, version: string) => string;
    replaces: (drafts: string) => string;
    renderProblem: (problem: string) => string;
    empty: string;
  };
}
