import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { charactersIn, fontSubsets } from "../../../scripts/font-subsets.mjs";

// fonts.css repeats each cut's unicode-range (CSS cannot share one between rules); the build
// cuts each file from the range in scripts/font-subsets.mjs. A face claiming a character its
// file lacks would draw it from another font, so every claim must be inside the cut.
const css = readFileSync(path.join(import.meta.dirname, "fonts.css"), "utf8");
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/gu)].map(([, body = ""]) => ({
  file: /kalima-fonts\/([\w.-]+\.woff2)/u.exec(body)?.[1],
  range: /unicode-range:\s*([^;]+);/u.exec(body)?.[1]?.replace(/\s+/gu, " ").trim() ?? "",
}));

describe("the font faces cut at build", () => {
  it("are each declared, for characters the cut holds", () => {
    for (const subset of fontSubsets) {
      const declared = faces.filter((face) => face.file === subset.file);
      expect(declared.length, subset.file).toBeGreaterThan(0);
      const held = new Set(charactersIn(subset.range));
      for (const face of declared) {
        const claimed = [...charactersIn(face.range)];
        expect(
          claimed.filter((character) => !held.has(character)),
          subset.file,
        ).toEqual([]);
      }
    }
  });
});
