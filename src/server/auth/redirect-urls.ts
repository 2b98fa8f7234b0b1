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
  const withoutFragment = requested.split("#")[0] ?? requested;
  for (const entry of allowList) {
    if (entry === requested || globPattern(entry).test(withoutFragment)) return requested;
  }
  return siteUrl;
}
