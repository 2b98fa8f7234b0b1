import { describe, expect, it } from "vitest";
import { addressedPage, localizedPath, switchedAddress } from "./language.ts";

describe("addresses and languages", () => {
  it.each([
    ["/", "ar", "/"],
    ["/", "en", "/en"],
    ["/programs", "ar", "/programs"],
    ["/programs", "en", "/en/programs"],
  ] as const)("serve %s in %s at %s, and read back", (path, language, address) => {
    expect(localizedPath(path, language)).toBe(address);
    expect(addressedPage(address)).toEqual({
      path,
      language: language === "en" ? "en" : undefined,
    });
  });

  it.each([
    ["/programs/", { path: "/programs", language: undefined }],
    ["/en/", { path: "/", language: "en" }],
    ["/en/about//", { path: "/about", language: "en" }],
    ["/english", { path: "/english", language: undefined }],
  ])("read %s without its trailing slashes", (pathname, page) => {
    expect(addressedPage(pathname)).toEqual(page);
  });
});

describe("the language switch's address", () => {
  it.each([
    ["/en/about", "", "ar", "/about?language=ar"],
    ["/about", "", "en", "/en/about?language=en"],
    ["/en", "", "ar", "/?language=ar"],
    ["/en/inbox", "?status=new", "ar", "/inbox?status=new&language=ar"],
    ["/inbox", "?language=ar&page=2", "en", "/en/inbox?language=en&page=2"],
  ] as const)("from %s%s to %s is %s", (pathname, search, language, address) => {
    expect(switchedAddress(pathname, search, language)).toBe(address);
  });
});
