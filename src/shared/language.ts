import { sitePath } from "./site-path.ts";
import { withoutTrailingSlashes } from "./trailing-slash.ts";

export const languages = ["ar", "en"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "ar";

/** Remembers the visitor's choice; the server reads it to send that language's page first. */
export const languageCookie = "kalima-language";

/**
 * `?language=ar` on a page's address records that choice: our server sets the cookie and sends
 * the visitor to the clean address, the app does the same in the browser. The language switch
 * links carry it, so they work and are remembered without scripts.
 */
export const languageParameter = "language";

/** English variants of every page are prerendered under this prefix; Arabic has none. */
export const englishPrefix = "/en";

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** The address that always serves `path` in `language`: Arabic unprefixed, English under /en. */
export function localizedPath(path: string, language: Language): string {
  if (language === "ar") return path;
  return path === "/" ? englishPrefix : `${englishPrefix}${path}`;
}

export interface AddressedPage {
  /** The page's own path: without /en, and without the trailing slash prerendering requests carry. */
  path: string;
  /** Set when the address itself names a language (/en/...); Arabic addresses name none. */
  language: Language | undefined;
}

/** What an address asks for: the inverse of `localizedPath`. */
export function addressedPage(pathname: string): AddressedPage {
  const trimmed = withoutTrailingSlashes(pathname);
  if (trimmed === englishPrefix || trimmed.startsWith(`${englishPrefix}/`)) {
    return { path: trimmed.slice(englishPrefix.length) || "/", language: "en" };
  }
  return { path: trimmed, language: undefined };
}

/**
 * The address of the page at `pathname` in `language`, followed by `rest` (a query, a
 * fragment); the language's home page, with `rest`, when the path would lead a browser off the
 * site.
 */
export function addressIn(pathname: string, rest: string, language: Language): string {
  const home = localizedPath("/", language);
  const fallback = sitePath(`${home}${rest}`, home);
  return sitePath(`${localizedPath(addressedPage(pathname).path, language)}${rest}`, fallback);
}

/** The address of the page at `pathname` in `language`, with its query, recording the choice. */
export function switchedAddress(pathname: string, search: string, language: Language): string {
  const query = new URLSearchParams(search);
  query.set(languageParameter, language);
  return addressIn(pathname, `?${query.toString()}`, language);
}
