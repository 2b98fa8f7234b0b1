import { englishPrefix, type Language } from "../../shared/language.ts";

/** The address that always serves `path` in `language`: Arabic unprefixed, English under /en. */
export function localizedPath(path: string, language: Language): string {
  if (language === "ar") return path;
  return path === "/" ? englishPrefix : `${englishPrefix}${path}`;
}

/**
 * The page's own path: without the /en prefix, and without the trailing slash prerendering
 * requests carry (/programs/ is rendered for /programs).
 */
export function unprefixedPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/u, "") : pathname;
  if (trimmed === englishPrefix || trimmed.startsWith(`${englishPrefix}/`)) {
    return trimmed.slice(englishPrefix.length) || "/";
  }
  return trimmed;
}

export function absoluteUrl(path: string): string {
  return `${import.meta.env.VITE_SITE_URL}${path}`;
}
