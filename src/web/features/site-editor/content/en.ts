import { sectionLabels } from "../../../../shared/site-content/sections.ts";
import type { EditorContent } from "./types.ts";

const labels = sectionLabels("en");

export const en: EditorContent = {
  lead: "The site's words, links and schedule, in both languages. Your changes are saved as drafts as you type; visitors see them when you publish.",
  // Each section's name and its fields' and items' names come with its definition
  // (src/shared/site-content/sections/<section>.ts).
  sections: { label: "Parts of the site", ...labels.names },
  fields: labels.fields,
  items: labels.items,
  languages: { ar: "Arabic", en: "English" },
  inLanguage: (field, language) => `${field} (${language})`,
  characters: (count, limit) => `${count} of ${limit} characters`,
  published: "On the site now:",
  publishedEmpty: "nothing (this field is empty on the site)",
  noEnd: "No end time",
  photo: {
    legend: "Photo",
    shapes: {
      stories: "On the site: a small circle (64 px) beside the speaker's name, under the quote.",
      programs: "On the site: a small 16:9 picture (96 × 54 px) beside the program's title.",
      pages:
        "Not on the page itself: the 1200 × 630 picture of the card shown when its link is shared.",
    },
    asShown: "As the site shows it:",
    choose: "Add a photo",
    replace: "Replace the photo",
    remove: "Remove the photo",
    accepted:
      "JPEG, PNG, WebP, AVIF or HEIC, of any size: the editor makes it smaller before sending. On a phone, choose from your photos or take one.",
    preparing: (size) => `Making your ${size} MB photo smaller…`,
    uploading: "Uploading the photo…",
    uploaded: "Photo uploaded. Describe it below; visitors see it when you publish.",
    progressLabel: "Sending the photo",
    progress: (percent, sent, total) => `${percent}% · ${sent} of ${total} MB`,
    cancel: "Cancel the upload",
    cancelled: "Upload cancelled: the draft keeps the photo it had.",
    lost: "The connection was lost. The photo will be sent again as soon as it is back.",
    retry: "Try again now",
    chosen: "The photo you chose",
    current: "The photo in this draft",
    none: "No photo",
    tooLarge: (size, limit) =>
      `Even made smaller, this photo is ${size} MB: the site takes ${limit} MB at most. Choose another photo.`,
    tooManyPixels: (megapixels) =>
      `This photo is ${megapixels} megapixels, more than this device can open. Take it at a lower resolution, or choose another.`,
    heic: "This photo is HEIC, a format this browser cannot open. Choose a JPEG instead: on an iPhone, set Settings → Camera → Formats → Most Compatible and take it again, or send this photo to yourself as a JPEG; on Android, turn off high-efficiency (HEIF) pictures in the camera's settings.",
    svg: "This file is an SVG drawing: the site takes photos, not drawings. Choose a photo, or save the drawing as a PNG.",
    notImage: "This file is not a photo the site takes: choose a JPEG, PNG, WebP or AVIF photo.",
    unreadable: "This photo could not be read. Choose another, or save it again as a JPEG.",
    failed: (reason) => `The photo was not uploaded: ${reason}`,
    altHint:
      "Say what the photo shows, for visitors who cannot see it, in both languages: needed before publishing. Your other changes are saved meanwhile.",
  },
  list: {
    add: (item) => `Add ${item}`,
    remove: "Remove",
    removeQuestion: (item) => `Remove ${item}? It leaves the site at the next publish.`,
    moveUp: "Move up",
    moveDown: "Move down",
  },
  save: {
    saving: "Saving the draft…",
    saved: (time) => `Draft saved at ${time}`,
    initial:
      "No member has saved a draft of this part yet: it holds the site's content as installed or imported",
    savedBy: (who, time) => `Saved by ${who} at ${time}`,
    arrived: (who, time) => `${who} saved this part at ${time}: the draft shows their text`,
    arrivedRestore: (who, number, time) =>
      `${who} restored version ${number} at ${time}: the draft is that version's text`,
    unsaved: "Changes not saved yet",
    conflict: (who, pending) =>
      `The draft is not saved yet: ${who} changed this part first. ${pending}.`,
    held: "Not saved until the link or photo file marked below is mended",
    failed: (reason) => `The draft was not saved: ${reason}`,
    loading: "Loading the site's content…",
    loadFailed: "The site's content could not be loaded.",
  },
  conflict: {
    title: (who, time) => `${who} changed this part at ${time}`,
    restored: (who, number, time) =>
      `${who} restored version ${number} at ${time}, which replaced your draft of this part`,
    someone: "Another member",
    lead: "Your text is kept; nothing was saved over theirs. Under each field you both changed, choose the text that stays: the draft is saved after the last choice.",
    pending: {
      one: (count) => `${count} field needs your choice`,
      other: (count) => `${count} fields need your choice`,
    },
    theirsTaken: (fields) => `Their changes, now in your draft: ${fields}.`,
    mineKept: (fields) => `Your changes, kept: ${fields}.`,
    field: (field) => `${field}: you both changed it`,
    changedBy: (who, time) => `${who} changed it at ${time}`,
    theirs: "Their text",
    yours: "Your text",
    empty: "(empty)",
    keepMine: "Keep mine",
    takeTheirs: "Take theirs",
    merged: (who, time) => `Your draft is saved with the changes ${who} made at ${time}`,
    choseMine: (fields) => `You kept your text in: ${fields}.`,
    choseTheirs: (fields) => `You took their text in: ${fields}.`,
  },
  presence: {
    here: (names, count) =>
      count === 1 ? `${names} is editing this part too` : `${names} are editing this part too`,
    away: "Reconnecting… Who else is editing shows again once connected; you can keep editing.",
    back: "Connected again.",
  },
  heard: {
    published: (who, version) =>
      `${who} published version ${version}. The site shows it now, and your drafts are compared with it.`,
    restored: (who, earlier, version) =>
      `${who} published version ${earlier} again, as version ${version}. The site shows it now, and your drafts are compared with it.`,
  },
  problems: {
    empty: "Write something here.",
    tooLong: (limit) => `Keep it to ${limit} characters so it fits its place on a phone.`,
    link: (example) =>
      `Give an https:// address on the service's own site, such as ${example}, or leave it empty.`,
    time: "Give a time such as 21:00.",
    weekday: "Choose a day.",
    id: "Use lowercase Latin letters, digits and dashes, such as between-the-covers.",
    repeated: "Two programs have the same address name.",
    endBeforeStart: "Make the end time later than the start.",
    tooFew: (count) => `Keep at least ${count}.`,
    tooMany: (count) => `At most ${count}.`,
    exactly: (count) => `Exactly ${count}.`,
    imagePath:
      "Choose the photo again: this one is not a JPEG, PNG, WebP or AVIF in the site's photos.",
    alt: "Say what the photo shows in this language, for visitors who cannot see it: needed before publishing, not to save.",
    hiddenControl:
      "Type or paste this address again without the invisible character that turns text around (such as U+202E): it can make a link read as another one.",
    refused: "The database refused this value: mend it so the part can be saved.",
    invalid: "This is not valid.",
    summary: (count) => `${count} to fix before publishing`,
    inGroup: (count) => `${count} to fix`,
  },
  renderProblems: {
    field: (where, what) => `${where}: ${what}`,
    whole: "The content",
    more: (count) => `(and ${count} more)`,
    page: (page) => `The page ${page} cannot be shown with this content.`,
    unknown: "The pages cannot be shown with this content.",
  },
  preview: {
    open: "Preview",
    title: "Preview",
    lead: "The pages as they would be published, with your drafts, as you type.",
    page: "Page",
    close: "Close the preview",
    frame: (page, language, width) => `${page}, ${language}, ${width}`,
    phone: "phone (375 px)",
    desktop: "wide screen (1280 px)",
    wide: "On a wide screen",
  },
  publish: {
    open: "Publish…",
    title: "Publish these changes?",
    lead: "Visitors see them on the site within seconds.",
    before: "Now",
    after: "After publishing",
    empty: "(empty)",
    confirm: "Publish",
    cancel: "Not now",
    nothing: "Nothing has changed since the last publication.",
    updated:
      "Read again as another member's work arrived: this is what the site and the drafts hold now.",
    reading: "Another member's work arrived: reading the changes again…",
    freshLead: "Lines marked “New” changed while the dialog was open.",
    fresh: "New",
    paused: (seconds) => (seconds ? `Look at the changes (${seconds})` : "Look at the changes"),
    pausedWhy: "Publishing waits a moment: the list changed while it was open.",
    drafts: "Drafts that go live:",
    savedBy: (section, who, time) => `${section}: saved by ${who} at ${time}`,
    draftBy: (section, who) => `${section} (${who})`,
    changedSince: (drafts) =>
      `Nothing was published: drafts changed since you opened the dialog: ${drafts}. Review them, then publish again.`,
    publishedSince:
      "Nothing was published: another member published a version since you opened the dialog. Review the drafts, then publish again.",
    publishing: "Publishing…",
    published: (version) => `Published as version ${version}.`,
    live: "It is on the site now.",
    renderProblem: (problem) => `The site still shows the previous pages: ${problem}`,
    waiting: "The pages are being rendered…",
    failed: (reason) => `Not published: ${reason}`,
  },
  history: {
    title: "History",
    version: (number) => `Version ${number}`,
    by: (who, time) => `${who}, ${time}`,
    changed: (sections) => `Changed: ${sections}`,
    restoredFrom: (number, previous) =>
      previous
        ? `Version ${number} restored, in place of version ${previous}`
        : `Version ${number} restored`,
    current: "On the site now",
    restore: "Restore",
    restoreQuestion: (number) =>
      `Publish version ${number} again? It replaces what the site shows and the drafts.`,
    restored: (earlier, version) => `Version ${earlier} is published again, as version ${version}.`,
    replaces: (drafts) => `It also replaces drafts not yet published: ${drafts}.`,
    renderProblem: (problem) => `Not shown: ${problem}`,
    empty: "Nothing published yet.",
  },
};
