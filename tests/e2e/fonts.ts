import type { APIRequestContext, Page } from "@playwright/test";

/** The fonts a prerendered page preloads, by path. */
export async function preloadedFonts(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<link\b[^>]*>/gu)]
    .map(([link]) => link)
    .filter((link) => link.includes('rel="preload"') && link.includes('as="font"'))
    .map((link) => /href="([^"]+)"/u.exec(link)?.[1] ?? "")
    .sort();
}

/** The fonts the page has fetched, by path, each once. */
export async function fontsFetched(page: Page): Promise<string[]> {
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith(".woff2")),
  );
  return [...new Set(fetched)].sort();
}
