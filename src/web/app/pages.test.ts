import { describe, expect, it } from "vitest";
import { sitePaths } from "../../../scripts/site-paths.mjs";
import { pages } from "./pages.ts";

describe("the page table", () => {
  it("is the list the perf and screenshot scripts visit", () => {
    expect(sitePaths).toEqual(pages.map((page) => page.path));
  });
});
