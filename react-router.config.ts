import type { Config } from "@react-router/dev/config";
import { languages, localizedPath } from "./src/shared/language.ts";
import { inboxPath, notFoundPath, sitePages } from "./src/shared/pages.js";

/**
 * Arabic at each path, English under /en, both with the not-found page and the team's inbox;
 * robots.txt and the sitemap.
 */
const prerenderPaths = [
  ...languages.flatMap((language) =>
    [...sitePages.map((page) => page.path), notFoundPath, inboxPath].map((path) =>
      localizedPath(path, language),
    ),
  ),
  "/robots.txt",
  "/sitemap.xml",
];

export default {
  appDirectory: "src/web/app",
  // `npm run build -- --out <dir>` builds elsewhere (scripts/build-steps.mjs).
  buildDirectory: process.env.KALIMA_BUILD_DIR || "build",
  ssr: false,
  prerender: prerenderPaths,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
