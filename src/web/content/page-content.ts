import type { SiteContent, SiteContentSection } from "../../shared/site-content.ts";

type Pages = SiteContent["pages"];

/**
 * The parts of the team's published content a page renders, as its HTML carries them
 * (docs/decisions/0032): the frame's, from the root route's loader, and the page's own, from its
 * route's. Both languages of each, so that the page switches language in place. A whole
 * document (the site editor's preview) is one too.
 */
export type PageContent = {
  [Section in Exclude<SiteContentSection, "pages">]?: SiteContent[Section];
} & {
  pages?: {
    meta?: Partial<Pages["meta"]>;
    home?: Pages["home"];
    leads?: Partial<Pages["leads"]>;
    about?: Pages["about"];
    comingSoon?: Pages["comingSoon"];
  };
};

/** A route's loader data, when it carries published content. */
function contentIn(data: unknown): PageContent | undefined {
  if (typeof data !== "object" || data === null || !("site" in data)) return undefined;
  return (data as { site?: PageContent }).site;
}

/**
 * The content a page renders, from its matched routes' loader data, outermost first: the root's
 * parts, then the page's. Undefined when no route carries any (a component rendered on its own).
 */
export function pageContentOf(loaderData: readonly unknown[]): PageContent | undefined {
  const parts = loaderData.map(contentIn).filter((part) => part !== undefined);
  if (parts.length === 0) return undefined;
  return parts.reduce<PageContent>(
    (merged, part) => ({ ...merged, ...part, pages: { ...merged.pages, ...part.pages } }),
    {},
  );
}
