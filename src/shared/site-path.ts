/** Where addresses are resolved to see where a browser would take them; never requested. */
const siteOrigin = "https://site.invalid";

/** Longer than any address of the site: such a path is nobody's page. */
const longestLocation = 2048;

/** One slash, then neither a slash nor a backslash: `//host` and `/\host` name another host. */
function beginsWithOneSlash(text: string): boolean {
  return /^\/(?![/\\])/u.test(text);
}

/**
 * `location` as a path of this site, written as a browser follows it, or `fallback` when a
 * browser, or a server or proxy that decodes the path once more, could leave the site for it.
 * A browser strips tabs and line breaks, reads `\` as `/`, resolves `.` and `..` segments (also
 * percent-encoded); an encoded slash, backslash, tab or line break is read as one here too. Every address the
 * site sends a visitor to passes through this: the language switch's link, the server's
 * redirects.
 */
export function sitePath(location: string, fallback: string): string {
  const stripped = location.replace(/[\t\n\r]/gu, "");
  if (stripped.length > longestLocation || !beginsWithOneSlash(stripped)) return fallback;
  let url: URL;
  try {
    url = new URL(stripped, siteOrigin);
  } catch {
    return fallback;
  }
  const { pathname } = url;
  if (url.origin !== siteOrigin || !beginsWithOneSlash(pathname)) return fallback;
  const decodedOnceMore = pathname.replace(/%(?:09|0a|0d)/giu, "").replace(/%(?:2f|5c)/giu, "/");
  if (!beginsWithOneSlash(decodedOnceMore)) return fallback;
  return `${pathname}${url.search}${url.hash}`;
}
