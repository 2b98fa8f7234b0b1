import { describe, expect, it } from "vitest";
import { routeFamily } from "./route-family.ts";

describe("routeFamily", () => {
  it.each([
    ["GET", "/livez", "health"],
    ["GET", "/readyz", "health"],
    ["POST", "/rest/v1/contact_submissions", "rest"],
    ["GET", "/rest/v1/", "rest"],
    ["POST", "/rest/v1/rpc/search_submissions", "rpc"],
    ["POST", "/auth/v1/token", "auth"],
    ["POST", "/contact", "form"],
    ["POST", "/en/mutakallim/", "form"],
    ["POST", "/about", "page"],
    ["GET", "/contact", "page"],
    ["GET", "/en/inbox", "page"],
    ["GET", "/", "page"],
    ["GET", "/no/such/page", "page"],
    ["GET", "/assets/entry.client-Cx3d9.js", "static"],
    ["GET", "/favicon.ico", "static"],
    ["GET", "/sitemap.xml", "static"],
    ["GET", "/metrics", "page"],
  ])("%s %s is %s", (method, path, family) => {
    expect(routeFamily(method, path)).toBe(family);
  });
});
