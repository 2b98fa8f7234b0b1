import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { anonKeyMetaName } from "../../shared/anon-key-meta.ts";
import { isCompressible } from "../../shared/compression.js";
import { addressedPage, localizedPath, type Language } from "../../shared/language.ts";
import { inboxPath, notFoundPath } from "../../shared/pages.js";
import { withoutTrailingSlashes } from "../../shared/trailing-slash.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.ts";

export type Encoding = "br" | "gzip";

export interface Representation {
  body: Buffer;
  encoding: Encoding | undefined;
}

export interface SiteFile {
  contentType: string;
  /** Pages only: the Content-Security-Policy their inline scripts need. */
  contentSecurityPolicy?: string;
  /**
   * Pages only: whether our own origin may show it in a frame (the site editor's preview of a
   * public page); the team's inbox never is.
   */
  frameable?: boolean;
  etag: string;
  cacheControl: string;
  /** The body in the best encoding the client accepts. */
  representation(accepted: readonly Encoding[]): Promise<Representation>;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  // React Router's loader data for a page (turbo-stream), as its own server answers it.
  ".data": "text/x-script; charset=utf-8",
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function etagOf(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzipAsync(body, { level: 9 });
}

/**
 * A file served from memory. Encoded variants come from the `.br`/`.gz` files written at build,
 * or are made on first request (HTML, which changes at start) and kept.
 */
function memoryFile(
  extension: string,
  body: Buffer,
  cacheControl: string,
  prebuilt: Partial<Record<Encoding, () => Promise<Buffer>>> = {},
): SiteFile {
  const variants = new Map<Encoding, Promise<Buffer>>();
  const canCompress = isCompressible(extension, body.length);
  return {
    contentType: contentTypes[extension] ?? "application/octet-stream",
    etag: etagOf(body),
    cacheControl,
    async representation(accepted) {
      const encoding = canCompress ? accepted[0] : undefined;
      if (!encoding) return { body, encoding: undefined };
      let variant = variants.get(encoding);
      if (!variant) {
        variant = prebuilt[encoding]?.() ?? compress(body, encoding);
        variants.set(encoding, variant);
      }
      return { body: await variant, encoding };
    },
  };
}

/** Files under `directory`, leaving out dotfiles and dot-folders (`.build-stamp`): none is site. */
async function listFiles(directory: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(directory, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith("."))
      .map((entry) => {
        const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
        return entry.isDirectory() ? listFiles(directory, relative) : Promise.resolve([relative]);
      }),
  );
  return nested.flat();
}

export interface SiteOptions {
  /** Written into every page for a front end built without VITE_SUPABASE_ANON_KEY. */
  anonKey: string;
  /**
   * The public origin (SITE_URL). Pages, the sitemap and robots.txt built for another one are
   * rewritten to name it; unset, they are served as built.
   */
  siteUrl?: string;
  /** Origins the pages may call besides their own: a hosted Supabase project, when built for one. */
  connectSources?: readonly string[];
}

/** A page rendered again: its HTML, and its loader data, which the app fetches on its way to it. */
export interface RenderedPage {
  html: string;
  data: string;
}

/**
 * Where React Router's app asks for a page's loader data when it moves to it (future flag
 * v8_trailingSlashAwareDataRequests), and where the build writes it: `/about.data`, `/_.data`.
 */
export function dataPathOf(route: string): string {
  return route.endsWith("/") ? `${route}_.data` : `${route}.data`;
}

export interface PageMatch {
  file: SiteFile;
  language: Language;
  found: boolean;
}

const anonKeyMeta = new RegExp(`<meta name="${anonKeyMetaName}" content="[^"]*"/>`, "u");

/** Built files that name the site's origin: the pages, and these. */
const filesNamingTheOrigin = new Set(["sitemap.xml", "robots.txt"]);

/** The origin the build wrote into its pages (vite.config.ts), when it recorded one. */
async function builtSiteUrl(directory: string): Promise<string | undefined> {
  try {
    return (await readFile(path.join(directory, ".site-url"), "utf8")).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Replaces one origin by another wherever it stands whole (not `:30001` for `:3000`). */
function originRewriter(from: string | undefined, to: string | undefined) {
  if (!from || !to || from === to) return undefined;
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const whole = new RegExp(`${escaped}(?![\\w.:-])`, "gu");
  return (text: string) => text.replace(whole, to);
}

export interface Site {
  /** The prerendered page for a path in a language, or the not-found page. */
  page(pathname: string, preferred: Language): PageMatch;
  /** Any other built file (hashed assets, icons, robots.txt), by its exact path. */
  file(pathname: string): SiteFile | undefined;
  /** Every page's route, as the build wrote it: `/`, `/en/about`, `/__not-found`, `/inbox`. */
  routes(): string[];
  /**
   * Refuses (throws) a page rendered for `route` that runs an inline script its built page does
   * not: the page's policy allows the build's scripts only.
   */
  checkPage(route: string, html: string): void;
  /**
   * Puts newly rendered pages in place of these routes' pages, all at once, each as a built page
   * is served (origin, anon key, and the built page's Content-Security-Policy), with their
   * loader data where the build wrote it; a route not given keeps its page. Throws, replacing
   * none, when `checkPage` refuses any.
   */
  replacePages(rendered: ReadonlyMap<string, RenderedPage>): void;
}

/** The team's inbox, in either language: the one page no frame may show. */
function isInboxRoute(route: string): boolean {
  return route === inboxPath || route === `/en${inboxPath}`;
}

export async function loadSite(directory: string, options: SiteOptions): Promise<Site> {
  const files = await listFiles(directory);
  const present = new Set(files);
  let pages = new Map<string, SiteFile>();
  let others = new Map<string, SiteFile>();
  const rewrite = originRewriter(await builtSiteUrl(directory), options.siteUrl);
  const served = (html: string) =>
    (rewrite ? rewrite(html) : html).replace(
      anonKeyMeta,
      `<meta name="${anonKeyMetaName}" content="${options.anonKey}"/>`,
    );
  // Each page's inline scripts as the build wrote them, hashed once: the only ones its policy
  // allows, however often the page is rendered again.
  const builtScripts = new Map<string, { hashes: Set<string>; policy: string }>();
  const pageFile = (html: string, route: string): SiteFile => {
    const built = builtScripts.get(route);
    if (!built) throw new Error(`${route} is not a page of the build`);
    return {
      ...memoryFile(".html", Buffer.from(html), "no-cache"),
      contentSecurityPolicy: built.policy,
      frameable: !isInboxRoute(route),
    };
  };
  const checkPage = (route: string, html: string): string => {
    const page = served(html);
    const built = builtScripts.get(route);
    if (!built) throw new Error(`${route} is not a page of the build`);
    for (const hash of inlineScriptHashes(page)) {
      if (!built.hashes.has(hash)) {
        throw new Error(`${route} runs an inline script the build did not write (${hash})`);
      }
    }
    return page;
  };

  for (const relative of files) {
    const extension = path.extname(relative);
    if (extension === ".br" || extension === ".gz" || relative === "__spa-fallback.html") continue;
    const absolute = path.join(directory, relative);
    const body = await readFile(absolute);
    if (relative === "index.html" || relative.endsWith("/index.html")) {
      const route = withoutTrailingSlashes("/" + relative.slice(0, -"index.html".length));
      const html = served(body.toString("utf8"));
      const hashes = inlineScriptHashes(html);
      const inbox = isInboxRoute(route);
      const policy = contentSecurityPolicy(hashes, options.connectSources, {
        frameable: !inbox,
        localImages: inbox,
      });
      builtScripts.set(route, { hashes, policy });
      pages.set(route, pageFile(html, route));
      continue;
    }
    // A page's loader data changes with each publish, as the page does.
    const cacheControl = relative.startsWith("assets/")
      ? "public, max-age=31536000, immutable"
      : extension === ".data"
        ? "no-cache"
        : "public, max-age=3600";
    if (rewrite && filesNamingTheOrigin.has(relative)) {
      // The precompressed copies name the built origin: compressed again on first request.
      const text = rewrite(body.toString("utf8"));
      others.set("/" + relative, memoryFile(extension, Buffer.from(text), cacheControl));
      continue;
    }
    const prebuilt: Partial<Record<Encoding, () => Promise<Buffer>>> = {};
    if (present.has(`${relative}.br`)) prebuilt.br = () => readFile(`${absolute}.br`);
    if (present.has(`${relative}.gz`)) prebuilt.gzip = () => readFile(`${absolute}.gz`);
    others.set("/" + relative, memoryFile(extension, body, cacheControl, prebuilt));
  }

  const variant = (route: string, language: Language) => pages.get(localizedPath(route, language));

  return {
    page(pathname, preferred) {
      const addressed = addressedPage(pathname);
      const route = addressed.path;
      const language = addressed.language ?? preferred;
      const file = route.startsWith("/__") ? undefined : variant(route, language);
      if (file) return { file, language, found: true };
      const notFound = variant(notFoundPath, language);
      if (!notFound) throw new Error(`The build has no ${notFoundPath} page`);
      return { file: notFound, language, found: false };
    },
    file: (pathname) => others.get(pathname),
    routes: () => [...pages.keys()],
    checkPage(route, html) {
      checkPage(route, html);
    },
    replacePages(rendered) {
      const next = new Map(pages);
      const nextOthers = new Map(others);
      for (const [route, { html, data }] of rendered) {
        next.set(route, pageFile(checkPage(route, html), route));
        const dataPath = dataPathOf(route);
        if (others.has(dataPath)) {
          nextOthers.set(dataPath, memoryFile(".data", Buffer.from(data), "no-cache"));
        }
      }
      pages = next;
      others = nextOthers;
    },
  };
}
