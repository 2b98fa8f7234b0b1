// The build variables that name the initiative's own accounts: the five social profiles and each
// program's YouTube playlist. The site reads them (src/web/content/site.ts), the Vite config
// refuses a malformed one, and the build script rebuilds when one changes. JavaScript so that
// the build script imports it as it is.

export const socialNetworks = /** @type {const} */ ([
  "instagram",
  "x",
  "youtube",
  "tiktok",
  "facebook",
]);

/** @param {(typeof socialNetworks)[number]} network */
export function socialLinkSetting(network) {
  return `VITE_LINK_${network.toUpperCase()}`;
}

export const programCount = 6;

/** @param {number} index 0 for the first program, as in the content modules' `programs` */
export function programLinkSetting(index) {
  return `VITE_LINK_PROGRAM_${index + 1}`;
}

export const linkSettings = [
  ...socialNetworks.map(socialLinkSetting),
  ...Array.from({ length: programCount }, (_, index) => programLinkSetting(index)),
];

/**
 * Why a configured address cannot be a link the site shows, or undefined when it can: an
 * absolute https address. Empty means not configured, so not shown.
 * @param {string} value
 */
export function linkProblem(value) {
  if (value === "") return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:") return "must start with https://";
    return undefined;
  } catch {
    return "must be an absolute https:// address, such as https://www.instagram.com/your.account";
  }
}
