import type { Context } from "hono";
import { localizedPath, type Language } from "../../shared/language.ts";
import { sitePath } from "../../shared/site-path.ts";
import type { AppEnv } from "../http/context.ts";

/**
 * The one way the site redirects (303, never cached): to `location` as a path of this site,
 * or to the home page in `language` when a browser would leave the site for it.
 */
export function redirectWithinSite(c: Context<AppEnv>, location: string, language: Language) {
  c.header("Cache-Control", "no-store");
  return c.redirect(sitePath(location, localizedPath("/", language)), 303);
}
