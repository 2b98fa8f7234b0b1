import { createContext, type RouterContextProvider } from "react-router";
import hostedContent from "virtual:kalima/hosted-site-content";
import type { SiteContent } from "../../shared/site-content.ts";
import { initialSiteContent } from "../content/initial-site-content.ts";
import { programPlaylist, socialLinks } from "../content/site.ts";

/**
 * The published content our server renders the pages with, after a publish
 * (src/server/site/publish/render-pages.ts); unset when the build prerenders them.
 */
export const publishedContentContext = createContext<SiteContent | null>(null);

/**
 * What the build prerenders: the content modules' words, with the accounts the build names
 * (VITE_LINK_*), as a new install's first published version holds them.
 */
function builtContent(): SiteContent {
  const content = initialSiteContent();
  for (const { network, href } of socialLinks()) content.links[network] = href;
  content.programs.forEach((program, index) => {
    program.youtube = programPlaylist(index) ?? "";
  });
  return content;
}

/**
 * The content a page is rendered with: what our server gives it after a publish; at build, what
 * the hosted Supabase project the site is built for publishes (read by the build, vite.config.ts),
 * or else the content modules' words.
 */
export function contentToRender(context: Readonly<RouterContextProvider>): SiteContent {
  return context.get(publishedContentContext) ?? hostedContent ?? builtContent();
}
