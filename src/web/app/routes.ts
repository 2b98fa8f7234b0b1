import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { inboxPath, sitePages } from "../../shared/pages.js";

/** Each page's route module is named after its path. */
const moduleOf = (path: string) => `routes/${path === "/" ? "home" : path.slice(1)}.tsx`;

// "en?" is an optional segment: /about and /en/about are the same route. The prefix only picks
// the language a page is prerendered in; after hydration the language is state, not address.
export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  ...prefix("en?", [
    ...sitePages.map((page) =>
      page.path === "/"
        ? index(moduleOf(page.path))
        : route(page.path.slice(1), moduleOf(page.path)),
    ),
    route(inboxPath.slice(1), "routes/inbox.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
