import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { pages } from "./pages.ts";

// "en?" is an optional segment: /about and /en/about are the same route. The prefix only picks
// the language a page is prerendered in; after hydration the language is state, not address.
export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  ...prefix("en?", [
    ...pages.map((page) =>
      page.path === "/" ? index(page.module) : route(page.path.slice(1), page.module),
    ),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
