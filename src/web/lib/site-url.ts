/**
 * The meta tag naming the public origin in every prerendered page. A server started with another
 * SITE_URL than the build's rewrites the pages, this tag included, so the browser reads the
 * origin from it rather than from the one baked into the scripts.
 */
export const siteUrlMetaName = "site-url";

function siteUrl(): string {
  if (import.meta.env.SSR || typeof document === "undefined") return import.meta.env.VITE_SITE_URL;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${siteUrlMetaName}"]`);
  return meta?.content || import.meta.env.VITE_SITE_URL;
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path}`;
}
