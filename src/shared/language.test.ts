import { describe, expect, it } from "vitest";
import { addressedPage, localizedPath } from "./language.ts";

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
