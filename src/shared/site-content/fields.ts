import { z } from "zod";
import type { Language } from "../language.ts";
import { socialNetworks } from "../site-links.js";
import { siteMediaBucket } from "../site-media.ts";
import { hasVisibleText } from "../visible-text.ts";

// The kinds of value a section of the site's content is made of (sections/*.ts): each a schema
// whose refinements name their problem as data, so that the editor can say it in either language.
// The database refuses links that are not https on their service's hosts, and photos outside the
// site's photos, whatever the client, with the same patterns as `linkShape` and `imagePathShape`.

/**
 * What is wrong with a value, for a reader in either language: each refinement names its kind
 * (and its limit or example) beside its English words, so the editor can say it in Arabic too.
 */
export type ProblemKind =
  | "empty"
  | "tooLong"
  | "link"
  | "time"
  | "weekday"
  | "id"
  | "repeated"
  | "endBeforeStart"
  | "imagePath"
  | "alt"
  | "hiddenControl";

export const problem = (kind: ProblemKind, error: string, more: Record<string, unknown> = {}) => ({
  error,
  params: { kind, ...more },
});

/** Text a visitor reads: something visible, at most `max` characters (code points). */
export function words(max: number) {
  return z
    .string()
    .refine(hasVisibleText, problem("empty", "is empty"))
    .refine(
      (value) => [...value].length <= max,
      problem("tooLong", `is longer than ${max} characters`, { limit: max }),
    );
}

/** The same text in both languages; its limit is also its metadata, for an editor's counter. */
export function bilingual(max: number) {
  return z.strictObject({ ar: words(max), en: words(max) }).meta({ limit: max });
}

/** The longest path of a photo in `site-media`. */
export const imagePathLimit = 200;

/**
 * A photo's path in `site-media`: segments of ASCII letters, digits, dots, dashes and
 * underscores, none starting with a dot (so no `..`, no hidden name) and none empty (so no
 * leading `/`), ending in a photo's extension. internal.site_content_problem_at holds the same
 * pattern (20261127002000) letter for letter; both match case by case, since a case-insensitive
 * class in JavaScript also takes letters such as the Kelvin sign.
 */
export const imagePathShape =
  /^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(jpe?g|png|webp|avif|JPE?G|PNG|WEBP|AVIF)$/u;

const imagePath = z.string().refine(
  (value) => value.length <= imagePathLimit && imagePathShape.test(value),
  problem(
    "imagePath",
    `names a JPEG, PNG, WebP or AVIF photo in ${siteMediaBucket}, such as stories/photo.webp`,
    {
      limit: imagePathLimit,
    },
  ),
);

/** What a photo shows, said for a reader who cannot see it: required in both languages. */
function altText(max: number) {
  return z
    .string()
    .refine(hasVisibleText, problem("alt", "describes the photo, in both languages"))
    .refine(
      (value) => [...value].length <= max,
      problem("tooLong", `is longer than ${max} characters`, { limit: max }),
    );
}

/** A photo on a page: its path in `site-media`, and what it shows in both languages. */
export const image = z
  .strictObject({
    path: imagePath,
    alt: z.strictObject({ ar: altText(150), en: altText(150) }).meta({ limit: 150 }),
  })
  .optional();
export type SiteImage = z.infer<NonNullable<typeof image>>;

export const time = z
  .string()
  .refine(
    (value) => /^(?:[01]\d|2[0-3]):[0-5]\d$/u.test(value),
    problem("time", 'is a 24-hour time such as "21:00"'),
  );
export const weekday = z
  .number()
  .refine(
    (value) => Number.isInteger(value) && value >= 0 && value <= 6,
    problem("weekday", "is 0 (Sunday) to 6"),
  );

/**
 * An https address on one of `hosts` or their subdomains, with nothing else before its path: the
 * pattern internal.site_content_problem_at holds in the database (20261127000000), letter for
 * letter, so that what the editor accepts the database accepts.
 */
export function linkShape(hosts: readonly string[]): RegExp {
  const names = hosts.map((host) => host.replaceAll(".", "\\.")).join("|");
  return new RegExp(`^https://([a-z0-9-]+\\.)*(${names})([/?#][^\\s]*)?$`, "iu");
}

/**
 * The invisible characters that turn the text around them (Unicode's bidirectional marks,
 * embeddings, overrides and isolates): inside an address they can make it read as another one.
 * internal.site_content_problem_at refuses the same in a link (20261202000200).
 */
export const directionControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** An https address on one of `hosts` (or a subdomain), or empty for none. */
export function link(hosts: readonly string[], example: string) {
  const shape = linkShape(hosts);
  return z
    .string()
    .refine(
      (value) => !directionControls.test(value),
      problem("hiddenControl", "holds an invisible character that turns text around"),
    )
    .refine(
      (value) => {
        if (value === "" || directionControls.test(value)) return true;
        if (!shape.test(value)) return false;
        try {
          return new URL(value).protocol === "https:";
        } catch {
          return false;
        }
      },
      problem("link", `is an https address such as ${example}, or empty`, { example }),
    );
}

const networkHosts: Record<(typeof socialNetworks)[number], readonly string[]> = {
  instagram: ["instagram.com"],
  x: ["x.com", "twitter.com"],
  youtube: ["youtube.com"],
  tiktok: ["tiktok.com"],
  facebook: ["facebook.com", "fb.com"],
};

export function socialLink(network: (typeof socialNetworks)[number]) {
  const hosts = networkHosts[network];
  return link(hosts, `https://www.${hosts[0] ?? "example.com"}/kalima`);
}

export const slot = z.strictObject({ day: weekday, start: time, end: time.optional() });
/** A slot whose end, when it has one, comes after its start (both "HH:MM", so compared as text). */
export const endsAfterStart = (value: { start: string; end?: string | undefined }) =>
  value.end === undefined || value.end === "" || value.end > value.start;
export const endAfterStart = {
  ...problem("endBeforeStart", "ends after it starts"),
  path: ["end"],
};

/** A title and a text, each in both languages, of at most `title` and `text` characters. */
export const titled = (title: number, text: number) =>
  z.strictObject({ title: bilingual(title), text: bilingual(text) });

/** The same text in both languages, empty: a new item's, for the member to fill in. */
export const bothEmpty = () => ({ ar: "", en: "" });

/** The editor's words for a photo's fields, in each language: every section with photos has them. */
export const imageLabels: Record<Language, Record<string, string>> = {
  ar: { image: "الصورة", path: "ملف الصورة", alt: "وصف الصورة" },
  en: { image: "Photo", path: "Photo file", alt: "Description of the photo" },
};
