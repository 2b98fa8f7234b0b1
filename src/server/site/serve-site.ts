import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import {
  addressedPage,
  addressIn,
  defaultLanguage,
  isLanguage,
  languageCookie,
  languageParameter,
  type Language,
} from "../../shared/language.ts";
import { formPages, outcomeParameter } from "../../shared/form-checks.ts";
import { previewParameter } from "../../shared/preview-parameter.js";
import type { AppEnv } from "../http/context.ts";
import { limitFormBody, postForm, sentPage, type SubmitAnonymously } from "./form-post.ts";
import { redirectWithinSite } from "./redirect.ts";
import type { Encoding, Site, SiteFile } from "./site.ts";

/** The encodings a client accepts, best first (`br;q=0` and friends excluded). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/u.test(parameter));
    if (!refused) accepted.add(name.trim());
  }
  return (["br", "gzip"] as const).filter((encoding) => accepted.has(encoding));
}

async function send(c: Context<AppEnv>, file: SiteFile, status: 200 | 404) {
  c.header("Content-Type", file.contentType);
  c.header("Cache-Control", file.cacheControl);
  c.header("ETag", file.etag);
  c.header("Vary", "Accept-Encoding", { append: true });
  if (file.contentSecurityPolicy) c.header("Content-Security-Policy", file.contentSecurityPolicy);
  if (file.frameable) c.header("X-Frame-Options", "SAMEORIGIN");
  if (status === 200 && c.req.header("if-none-match") === file.etag) {
    return c.body(null, 304);
  }
  const { body, encoding } = await file.representation(
    acceptedEncodings(c.req.header("accept-encoding")),
  );
  if (encoding) c.header("Content-Encoding", encoding);
  c.header("Content-Length", String(body.length));
  return c.req.method === "HEAD" ? c.body(null, status) : c.body(new Uint8Array(body), status);
}

const oneYear = 60 * 60 * 24 * 365;

/**
 * The language switch's link without scripts (`/about?language=ar`): remember the choice as the
 * app does, then send the visitor to the page's clean address in that language, which the
 * cookie now agrees with.
 */
function recordLanguage(c: Context<AppEnv>, language: Language, secure: boolean) {
  setCookie(c, languageCookie, language, {
    path: "/",
    maxAge: oneYear,
    sameSite: "Lax",
    secure,
  });
  const url = new URL(c.req.url);
  url.searchParams.delete(languageParameter);
  const query = url.searchParams.toString();
  return redirectWithinSite(
    c,
    addressIn(url.pathname, query ? `?${query}` : "", language),
    language,
  );
}

export interface SiteRoutesOptions {
  /** The site is served over HTTPS: the language cookie it writes is Secure. */
  https: boolean;
  /** Stores a form posted without scripts as the REST API's anonymous insert does. */
  submit: SubmitAnonymously;
}

/**
 * The page an address asks for, in the language the address or the cookie names. The site
 * editor's preview (`?preview`) frames each language at its own address: the cookie, the
 * member's own choice as a visitor, does not turn its Arabic frame English.
 */
function pageFor(c: Context<AppEnv>, site: Site) {
  const remembered =
    c.req.query(previewParameter) === undefined ? getCookie(c, languageCookie) : undefined;
  return site.page(c.req.path, isLanguage(remembered) ? remembered : defaultLanguage);
}

/**
 * The prerendered site. A page comes in the visitor's remembered language (the language cookie),
 * Arabic otherwise; `/en/...` asks for English outright, and `?language=` records a choice.
 * Unknown paths get the not-found page, 404. The pages with a form take it posted, too.
 */
export function siteRoutes(site: Site | undefined, options: SiteRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.on(["GET", "HEAD"], "*", async (c) => {
    if (!site) return c.text("The site is not built: run npm run build.", 503);
    const file = site.file(c.req.path);
    if (file) return send(c, file, 200);
    const asked = c.req.query(languageParameter);
    if (isLanguage(asked)) return recordLanguage(c, asked, options.https);
    const page = pageFor(c, site);
    c.header("Vary", "Cookie");
    const path = addressedPage(c.req.path).path;
    if (page.found && formPages[path] && c.req.query(outcomeParameter) === "sent") {
      return sentPage(c, { path, language: page.language, file: page.file });
    }
    c.header("Content-Language", page.language);
    return send(c, page.file, page.found ? 200 : 404);
  });
  // The contact and registration forms, posted without scripts.
  routes.post("*", limitFormBody, async (c, next) => {
    const path = addressedPage(c.req.path).path;
    const page = site && formPages[path] ? pageFor(c, site) : undefined;
    if (!page?.found) return next();
    c.header("Vary", "Cookie");
    return postForm(c, { path, language: page.language, file: page.file }, options.submit);
  });
  routes.all("*", (c) => {
    c.header("Allow", "GET, HEAD");
    return c.text("Method Not Allowed", 405);
  });
  return routes;
}
