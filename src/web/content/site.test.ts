import { afterEach, describe, expect, it, vi } from "vitest";
import { linkProblem } from "../../shared/site-links.js";
import { programPlaylist, programPlaylists, socialLinks, socialProfiles } from "./site.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("site links", () => {
  it("leaves every account unnamed in the repository: only the team knows its addresses", () => {
    expect(Object.values(socialProfiles).every((href) => href === "")).toBe(true);
    expect(programPlaylists).toEqual(["", "", "", "", "", ""]);
    expect(socialLinks()).toEqual([]);
    expect(programPlaylist(0)).toBeUndefined();
  });

  it("takes each address from its build variable, in the order visitors see them", () => {
    vi.stubEnv("VITE_LINK_TIKTOK", "https://www.tiktok.com/@kalima.example");
    vi.stubEnv("VITE_LINK_X", "https://x.com/kalima_example");
    vi.stubEnv("VITE_LINK_YOUTUBE", "   ");
    vi.stubEnv("VITE_LINK_PROGRAM_3", "https://www.youtube.com/playlist?list=PL3");

    expect(socialLinks()).toEqual([
      { network: "x", href: "https://x.com/kalima_example" },
      { network: "tiktok", href: "https://www.tiktok.com/@kalima.example" },
    ]);
    expect(programPlaylist(2)).toBe("https://www.youtube.com/playlist?list=PL3");
    expect(programPlaylist(1)).toBeUndefined();
  });

  it.each([
    ["", undefined],
    ["https://www.instagram.com/kalima.example", undefined],
    ["http://www.instagram.com/kalima.example", "must start with https://"],
    ["javascript:alert(1)", "must start with https://"],
    ["instagram.com/kalima", expect.stringMatching(/^must be an absolute https:\/\/ address/u)],
  ])("refuses a malformed address at build: %j", (value, problem) => {
    expect(linkProblem(value)).toEqual(problem);
  });
});
