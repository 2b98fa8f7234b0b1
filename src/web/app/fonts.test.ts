import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { charactersIn, fontSubsets } from "../../../scripts/font-subsets.mjs";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";

// fonts.css repeats each cut's unicode-range (CSS cannot share one between rules); the build
// cuts each file from the range in scripts/font-subsets.mjs. A face claiming a character its
// file lacks would draw it from another font, so every claim must be inside the cut.
const css = readFileSync(path.join(import.meta.dirname, "fonts.css"), "utf8");
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/gu)].map(([, body = ""]) => ({
  family: /font-family:\s*"([^"]+)"/u.exec(body)?.[1],
  weight: /font-weight:\s*([^;]+);/u.exec(body)?.[1]?.trim(),
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

describe("the font families", () => {
  // Chromium composes a family's faces by unicode-range only among faces with the same
  // descriptors: a face declared over other weights would never draw its characters.
  it("declare one weight for all their faces", () => {
    const weights = new Map<string | undefined, Set<string | undefined>>();
    for (const face of faces)
      weights.set(face.family, (weights.get(face.family) ?? new Set()).add(face.weight));
    for (const [family, declared] of weights) expect([...declared], family).toHaveLength(1);
  });

  it("declare no weight a cut's axis does not hold", () => {
    for (const subset of fontSubsets) {
      if (subset.weight === undefined) continue;
      const held =
        typeof subset.weight === "number"
          ? `${subset.weight}`
          : `${subset.weight.min} ${subset.weight.max}`;
      for (const face of faces.filter(
        (face) => face.file === subset.file && face.family !== "Kalima Switch",
      ))
        expect(face.weight, subset.file).toBe(held);
    }
  });
});

describe("the language switch's face", () => {
  const switchFaces = faces.filter((face) => face.family === "Kalima Switch");

  it("holds every letter of the switch's label in both languages", () => {
    const held = new Set(switchFaces.flatMap((face) => [...charactersIn(face.range)]));
    for (const content of [ar, en]) {
      const label = content.languageSwitch.label;
      expect(
        [...label].filter((character) => !held.has(character)),
        `${label}: add its letters to the switch's cuts`,
      ).toEqual([]);
    }
  });

  it("is drawn only from cuts the pages preload, never from a whole file", () => {
    expect(switchFaces.map((face) => face.file).sort()).toEqual([
      "readex-pro-punctuation-wght-normal.woff2",
      "readex-pro-switch-arabic-500-normal.woff2",
    ]);
  });
});
