import { createHash } from "node:crypto";

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gu;

/**
 * The policy for one prerendered page: everything from our own origin, the page's own inline
 * scripts by hash (React Router's hydration data and the app loader), and nothing else; the
 * API may also be another origin (a hosted Supabase project the site was built for).
 */
export function contentSecurityPolicy(
  html: string,
  connectSources: readonly string[] = [],
  { frameable = false }: { frameable?: boolean } = {},
): string {
  const hashes = new Set<string>();
  for (const [, body = ""] of html.matchAll(inlineScript)) {
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(" ")}`,
    "style-src 'self'",
    "img-src 'self' data:",
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
