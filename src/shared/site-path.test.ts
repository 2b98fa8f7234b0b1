import { describe, expect, it } from "vitest";
import { addressIn, switchedAddress } from "./language.ts";
import { sitePath } from "./site-path.ts";

const origin = "https://kalima.example";

/** Where a browser on the site goes when it follows `location`. */
function followed(location: string): URL {
  return new URL(location, `${origin}/en/about`);
}

const hostile = [
  "//evil.example",
  "//evil.example/path?x=1",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/%2fevil.example",
  "/%2Fevil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/./\\evil.example",
  "/../evil.example/..//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e/%2e%2e//evil.example",
  "https://evil.example/",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
  `/${"a".repeat(5000)}`,
];

describe("a path of the site", () => {
  it.each(hostile)("%j becomes the fallback", (location) => {
    expect(sitePath(location, "/en")).toBe("/en");
  });

  it.each([
    ["/", "/"],
    ["/en/about", "/en/about"],
    ["/programs?from=letter#tuesday", "/programs?from=letter#tuesday"],
    ["/en/./about", "/en/about"],
    ["/en/x/../about", "/en/about"],
    ["/برامج", "/%D8%A8%D8%B1%D8%A7%D9%85%D8%AC"],
    ["/about?q=//evil.example", "/about?q=//evil.example"],
    ["/contact?sent=1#form", "/contact?sent=1#form"],
  ])("%j stays, written as a browser follows it: %j", (location, path) => {
    expect(sitePath(location, "/")).toBe(path);
    expect(followed(path).origin).toBe(origin);
  });

  it("never answers an address a browser would follow off the site", () => {
    for (const location of hostile) {
      for (const prefix of ["", "/en", "/en/"]) {
        const answer = sitePath(`${prefix}${location}`, "/");
        expect(followed(answer).origin).toBe(origin);
        expect(answer).toMatch(/^\/(?![/\\])/u);
      }
    }
  });
});

describe("the page's address in a language", () => {
  it.each([
    ["/en//evil.example", "?x=1", "ar", "/?x=1"],
    ["/en/\\evil.example", "", "ar", "/"],
    ["//evil.example", "", "en", "/en//evil.example"],
    ["/en/%2fevil.example", "", "ar", "/"],
    ["/en/about", "?page=2#top", "ar", "/about?page=2#top"],
  ] as const)("%s%s in %s is %s", (pathname, rest, language, address) => {
    expect(addressIn(pathname, rest, language)).toBe(address);
  });

  it("gives the language switch's link on an address naming another host to the home page", () => {
    expect(switchedAddress("/en//evil.example", "", "ar")).toBe("/?language=ar");
    expect(switchedAddress("//evil.example", "?x=1", "en")).toBe(
      "/en//evil.example?x=1&language=en",
    );
  });
});
