import { createHash } from "node:crypto";

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gu;
/** A data block, which the browser never runs: React Router's data, carried as JSON. */
const dataBlock = /\btype="application\/(?:ld\+)?json"/u;

/** The `'sha256-…'` source of each inline script in `html` that runs. */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (dataBlock.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/**
 * The policy for one prerendered page: everything from our own origin, the inline scripts the
 * build wrote into that page by hash (React Router's, and the app loader), and nothing else; the
 * API, and the photos its Storage serves, may also be another origin (a hosted Supabase project
 * the site was built for). The team's inbox also shows a photo chosen on the device before it is
 * uploaded (`blob:`). A page
 * rendered again after a publish keeps its built page's policy: its content travels as data
 * (src/shared/defer-app-script.js), so no script of its own is ever allowed.
 */
export function contentSecurityPolicy(
  scriptHashes: Iterable<string>,
  connectSources: readonly string[] = [],
  { frameable = false, localImages = false }: { frameable?: boolean; localImages?: boolean } = {},
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes].join(" ")}`,
    "style-src 'self'",
    `img-src ${["'self'", "data:", ...(localImages ? ["blob:"] : []), ...connectSources].join(" ")}`,
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(" ")}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // A public page may be framed by our own origin only: the site editor's preview.
    `frame-ancestors ${frameable ? "'self'" : "'none'"}`,
  ].join("; ");
}
