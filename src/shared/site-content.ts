import { z } from "zod";
import { socialNetworks } from "./site-links.js";
import { siteMediaBucket } from "./site-media.ts";
import { hasVisibleText } from "./visible-text.ts";

// The site's content as the team edits and publishes it (docs/decisions/0023, 0030): one
// document of six sections, each a row of public.site_content_drafts. The database refuses
// links that are not https on their service's hosts, whatever the client, with the same pattern
// as `linkShape` below; these schemas add what can be named in the editor's and the import's
// words: every text present in both languages, no longer than its place in the layout holds,
// and times that end after they start.

/** The version of this shape, stored beside every draft and version (`schema_version`). */
export const siteContentSchemaVersion = 1;

/** The sections, in the order an export lists them. */
export const siteContentSections = [
  "programs",
  "mutakallim",
  "links",
  "values",
  "stories",
  "pages",
] as const;
export type SiteContentSection = (typeof siteContentSections)[number];

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
  | "alt";

const problem = (kind: ProblemKind, error: string, more: Record<string, unknown> = {}) => ({
  error,
  params: { kind, ...more },
});

/** Text a visitor reads: something visible, at most `max` characters (code points). */
function words(max: number) {
  return z
    .string()
    .refine(hasVisibleText, problem("empty", "is empty"))
    .refine(
      (value) => [...value].length <= max,
      problem("tooLong", `is longer than ${max} characters`, { limit: max }),
    );
}

/** The same text in both languages; its limit is also its metadata, for an editor's counter. */
function bilingual(max: number) {
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
const image = z
  .strictObject({
    path: imagePath,
    alt: z.strictObject({ ar: altText(150), en: altText(150) }).meta({ limit: 150 }),
  })
  .optional();
export type SiteImage = z.infer<NonNullable<typeof image>>;

const time = z
  .string()
  .refine(
    (value) => /^(?:[01]\d|2[0-3]):[0-5]\d$/u.test(value),
    problem("time", 'is a 24-hour time such as "21:00"'),
  );
const weekday = z
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

/** An https address on one of `hosts` (or a subdomain), or empty for none. */
function link(hosts: readonly string[], example: string) {
  const shape = linkShape(hosts);
  return z.string().refine(
    (value) => {
      if (value === "") return true;
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

const youtube = link(["youtube.com", "youtu.be"], "https://www.youtube.com/@kalima");

const networkHosts: Record<(typeof socialNetworks)[number], readonly string[]> = {
  instagram: ["instagram.com"],
  x: ["x.com", "twitter.com"],
  youtube: ["youtube.com"],
  tiktok: ["tiktok.com"],
  facebook: ["facebook.com", "fb.com"],
};

function socialLink(network: (typeof socialNetworks)[number]) {
  const hosts = networkHosts[network];
  return link(hosts, `https://www.${hosts[0] ?? "example.com"}/kalima`);
}

const slot = z.strictObject({ day: weekday, start: time, end: time.optional() });
/** A slot whose end, when it has one, comes after its start (both "HH:MM", so compared as text). */
const endsAfterStart = (value: { start: string; end?: string | undefined }) =>
  value.end === undefined || value.end === "" || value.end > value.start;
const endAfterStart = { ...problem("endBeforeStart", "ends after it starts"), path: ["end"] };

const program = z
  .strictObject({
    id: z
      .string()
      .refine(
        (value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/u.test(value),
        problem("id", "is lowercase letters, digits and dashes, such as between-the-covers"),
      ),
    title: bilingual(40),
    summary: bilingual(160),
    ...slot.shape,
    youtube,
    image,
  })
  .refine(endsAfterStart, endAfterStart);

/** The pages whose title and description (search engines, link previews) the team edits. */
export const metaPages = [
  "home",
  "about",
  "programs",
  "mutakallim",
  "mutaallem",
  "asdaaKalima",
  "community",
  "contact",
  "privacy",
] as const;

const titled = (title: number, text: number) =>
  z.strictObject({ title: bilingual(title), text: bilingual(text) });

export const siteContentSchemas = {
  programs: z
    .array(program)
    .min(1, { error: "has at least one program" })
    .max(12, { error: "has at most 12 programs" })
    .refine(
      (list) => new Set(list.map((item) => item.id)).size === list.length,
      problem("repeated", "names each program once"),
    ),
  mutakallim: z.strictObject({
    description: bilingual(700),
    format: z
      .array(z.strictObject({ term: bilingual(40), definition: bilingual(200) }))
      .length(4, { error: "has four points" }),
    duration: bilingual(40),
    sessions: slot.required({ end: true }).refine(endsAfterStart, endAfterStart),
  }),
  links: z.strictObject({
    instagram: socialLink("instagram"),
    x: socialLink("x"),
    youtube: socialLink("youtube"),
    tiktok: socialLink("tiktok"),
    facebook: socialLink("facebook"),
  }),
  values: z
    .array(
      z.strictObject({
        icon: z.enum(["awareness", "speech", "dignity", "impact"]),
        ...titled(40, 200).shape,
      }),
    )
    .min(1, { error: "has at least one value" })
    .max(8, { error: "has at most 8 values" }),
  stories: z
    .array(
      z.strictObject({
        quote: bilingual(300),
        author: bilingual(40),
        context: bilingual(60),
        image,
      }),
    )
    .max(12, { error: "has at most 12 stories" }),
  pages: z.strictObject({
    meta: z.strictObject(
      Object.fromEntries(
        metaPages.map((page) => [
          page,
          z.strictObject({ title: bilingual(60), description: bilingual(200), image }),
        ]),
      ) as Record<
        (typeof metaPages)[number],
        z.ZodObject<{
          title: ReturnType<typeof bilingual>;
          description: ReturnType<typeof bilingual>;
          image: typeof image;
        }>
      >,
    ),
    home: z.strictObject({
      hero: z.strictObject({ eyebrow: bilingual(40), quote: bilingual(60), lead: bilingual(300) }),
      philosophy: z.strictObject({
        ...titled(40, 600).shape,
        points: z.array(bilingual(160)).min(1).max(6),
      }),
      identity: titled(40, 700),
      closing: titled(40, 300),
    }),
    leads: z.strictObject({
      about: bilingual(200),
      programs: bilingual(300),
      mutakallim: bilingual(200),
      community: bilingual(300),
      contact: bilingual(300),
    }),
    about: z.strictObject({ vision: titled(40, 400), mission: titled(40, 400) }),
    comingSoon: z.strictObject({
      mutaallem: bilingual(300),
      asdaaKalima: bilingual(300),
      status: bilingual(30),
    }),
  }),
} satisfies Record<SiteContentSection, z.ZodType>;

export type SiteContent = {
  [Section in SiteContentSection]: z.infer<(typeof siteContentSchemas)[Section]>;
};

export const siteContentSchema = z.strictObject(siteContentSchemas);

/** Where a problem is, as a reader finds it: `programs[2].title.ar`. */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

/**
 * A problem as data, for a reader in any language: where it is (`["programs", 2, "title",
 * "ar"]`, empty for the whole document), its kind, and the limit or count the kind names.
 */
export interface ContentProblem {
  path: (string | number)[];
  kind: ProblemKind | "tooFew" | "tooMany" | "exactly" | "invalid";
  limit?: number;
  example?: string;
}

/** What one of the schema's issues says, as data. */
export function contentProblemOf(issue: z.core.$ZodIssue): ContentProblem {
  const path = issue.path.map((part) => (typeof part === "number" ? part : String(part)));
  if (issue.code === "custom") {
    const { kind, limit, example } = (issue.params ?? {}) as {
      kind?: ProblemKind;
      limit?: number;
      example?: string;
    };
    if (kind) {
      return {
        path,
        kind,
        ...(limit === undefined ? {} : { limit }),
        ...(example === undefined ? {} : { example }),
      };
    }
  }
  if ((issue.code === "too_small" || issue.code === "too_big") && issue.origin === "array") {
    const limit = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
    const kind = issue.exact ? "exactly" : issue.code === "too_small" ? "tooFew" : "tooMany";
    return { path, kind, limit };
  }
  return { path, kind: "invalid" };
}

/**
 * A document checked whole: the content, in the schema's key order whatever order its keys came
 * in (jsonb keeps its own), so the same content renders the same page byte for byte; or every
 * problem, each as `where: what` and as data.
 */
export function checkSiteContent(
  document: unknown,
):
  | { content: SiteContent; problems?: never; issues?: never }
  | { content?: never; problems: string[]; issues: ContentProblem[] } {
  const result = siteContentSchema.safeParse(document);
  if (result.success) return { content: result.data };
  return {
    problems: result.error.issues.map(
      (issue) => `${pathOf(issue.path) || "the document"}: ${issue.message}`,
    ),
    issues: result.error.issues.map(contentProblemOf),
  };
}

/** Every problem of a whole document, each as `where: what`; empty when it may be published. */
export function siteContentProblems(document: unknown): string[] {
  return checkSiteContent(document).problems ?? [];
}
