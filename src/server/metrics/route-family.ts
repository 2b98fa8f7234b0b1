import { formPages } from "../../shared/form-checks.ts";
import { addressedPage } from "../../shared/language.ts";

/** What the request counters group requests by: a few families, never the path itself. */
export const routeFamilies = ["health", "rest", "rpc", "auth", "form", "static", "page"] as const;

export type RouteFamily = (typeof routeFamilies)[number];

/**
 * The family of a request: the health checks, /rest/v1 (its functions apart: the inbox's
 * searches are calls), /auth/v1, a form posted without scripts, a file of the build (anything
 * whose last segment has an extension: hashed assets, fonts, icons, robots.txt, the sitemap),
 * and every other address, a page (the not-found page included).
 */
export function routeFamily(method: string, path: string): RouteFamily {
  if (path === "/livez" || path === "/readyz") return "health";
  if (path.startsWith("/rest/v1/rpc/")) return "rpc";
  if (path === "/rest/v1" || path.startsWith("/rest/")) return "rest";
  if (path === "/auth/v1" || path.startsWith("/auth/")) return "auth";
  if (method === "POST" && formPages[addressedPage(path).path]) return "form";
  if (/\.[A-Za-z0-9]+$/u.test(path.slice(path.lastIndexOf("/") + 1))) return "static";
  return "page";
}
