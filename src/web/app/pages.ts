import { languages, localizedPath } from "../../shared/language.ts";
import type { PageId } from "../content/types.ts";

/** Every public page: the route table, the navigation, the prerender list and the sitemap. */
export const pages = [
  { id: "home", path: "/", module: "routes/home.tsx" },
  { id: "about", path: "/about", module: "routes/about.tsx" },
  { id: "programs", path: "/programs", module: "routes/programs.tsx" },
  { id: "mutakallim", path: "/mutakallim", module: "routes/mutakallim.tsx" },
  { id: "mutaallem", path: "/mutaallem", module: "routes/mutaallem.tsx" },
  { id: "asdaaKalima", path: "/asdaa-kalima", module: "routes/asdaa-kalima.tsx" },
  { id: "community", path: "/community", module: "routes/community.tsx" },
  { id: "contact", path: "/contact", module: "routes/contact.tsx" },
] as const satisfies readonly { id: PageId; path: string; module: string }[];

export type Page = (typeof pages)[number];

/** Prerendered with the not-found screen; the server sends it, with 404, for unknown paths. */
export const notFoundPath = "/__not-found";

/** Arabic at each path, English under /en: both are prerendered, with robots.txt and the sitemap. */
export const prerenderPaths: string[] = [
  ...languages.flatMap((language) =>
    [...pages.map((page) => page.path), notFoundPath].map((path) => localizedPath(path, language)),
  ),
  "/robots.txt",
  "/sitemap.xml",
];

export function pathOf(id: PageId): string {
  return pages.find((page) => page.id === id)?.path ?? "/";
}
