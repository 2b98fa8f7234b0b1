/** A glob as GoTrue's allow-list reads it: `**` matches anything, `*` anything but `.` and `/`. */
function globPattern(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] ?? "";
    if (character === "*" && glob[index + 1] === "*") {
      source += ".*";
      index += 1;
    } else if (character === "*") {
      source += "[^./]*";
    } else if (character === "?") {
      source += "[^./]";
    } else {
      source += character.replace(/[.+^${}()|[\]\\/]/gu, "\\$&");
    }
  }
  return new RegExp(`^${source}$`, "u");
}

const refusedSchemes = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);

/**
 * Where a sign-in may send the visitor back: anywhere on SITE_URL's origin, or an address the
 * allow-list (AUTH_REDIRECT_URLS) names exactly or by glob. Anything else falls back to SITE_URL,
 * so /authorize cannot be used to bounce tokens to a stranger's site.
 */
export function allowedRedirect(
  requested: string | undefined,
  siteUrl: string,
  allowList: string[],
): string {
  if (!requested) return siteUrl;
  let address: URL;
  try {
    address = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (address.origin === new URL(siteUrl).origin) return requested;
  // A link that runs code or reads files is no place to return to, whatever the list says.
  if (refusedSchemes.has(address.protocol)) return siteUrl;
  for (const entry of allowList) {
    if (entry === requested || globPattern(entry).test(comparedPart(address))) {
      return requested;
    }
  }
  return siteUrl;
}

/**
 * What of the address a glob is held against: the address as the URL parser reads it (scheme,
 * host lower-cased with its port, path), without user info, query or fragment, which a glob's
 * `*` could otherwise reach across: held against the raw text, `https://*.example.com/**` let
 * `https://evil?.example.com/` through, and `https://**.example.com` `https://evil.com/?.example.com`.
 * An address with a query is allowed by a glob on its path, or named exactly.
 */
function comparedPart(address: URL): string {
  return `${address.protocol}//${address.host}${address.pathname}`;
}
