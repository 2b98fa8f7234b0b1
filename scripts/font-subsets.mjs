// Font files the site needs that no package ships: cut at build time from the packaged fonts
// (src/web/app/fonts.css and root.tsx refer to them in node_modules/.cache/kalima-fonts).
//
// Every Arabic page preloads its two faces, and a phone on a slow link waits for them before the
// first heading shows. The packaged Arabic files also carry Persian, Urdu and presentation forms
// the site never writes: the core cuts keep the Arabic alphabet with its marks, digits and
// punctuation (and every shaping rule between them), 12 kB less; the full files stay declared
// for any other character. Arabic text also uses Latin punctuation (. : ( ) « » –), which the
// Arabic file lacks: without a face of its own, the first sentence of every Arabic page would
// fetch the whole Latin file (31 kB) for a full stop. The punctuation face is 4 kB.
//
// The language switch names the other language in that language ("English" on Arabic pages,
// "العربية" on English ones), a word no face the page preloads can draw. On Arabic pages its
// letters ride in the punctuation cut, not in a fourth file (one request less on a phone's six
// connections); on English pages a cut holds "العربية" at the one weight it is set in (3 kB,
// where the Arabic cut would cost 20 kB for a word).
//
// A first view's stylesheet and fonts share one slow link: in Lighthouse's slow-4G simulation
// 1.3 kB more (the switch's first cut) pushed the largest font into another round trip and
// the LCP from 1.36 to 1.51 s. Every byte here is on that path.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the cut files are written: regenerated whenever missing, never committed. */
const fontSubsetsDirectory = path.join(root, "node_modules/.cache/kalima-fonts");

/** The characters of the punctuation face, as its @font-face `unicode-range` in fonts.css. */
const punctuationRange =
  "U+0021-0022, U+0025-002F, U+003A-003B, U+003F, U+005B, U+005D, U+00A9, U+00AB, " +
  "U+00B7, U+00BB, U+00D7, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026";

/** The packaged Latin file's characters, as its @font-face `unicode-range` in fonts.css. */
const latinRange =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, " +
  "U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/**
 * The Arabic the site writes, as `unicode-range`. tests/e2e/budgets.spec.ts fails when a page
 * needs more (it would fetch the full file).
 */
const arabicCoreRange =
  "U+0020, U+060C, U+061B, U+061F, U+0621-063A, U+0640-0652, U+0660-066D, U+0670, U+200C-200D";

/**
 * The text face's cut adds the no-break space Arabic times are written with (٧:٠٠ م). Left to
 * the full file, it made Chromium fetch that file now and then, by timing (6 of 15 runs of the
 * font budget's test under load, 0 of 16 with it in the cut).
 */
const arabicTextRange = arabicCoreRange.replace("U+0020, ", "U+0020, U+00A0, ");

/** The letters of the language switch's labels, as `unicode-range`: "English" and "العربية". */
const switchLatinRange = "U+0045, U+0067-0069, U+006C, U+006E, U+0073";
const switchArabicRange = "U+0627-0629, U+0631, U+0639, U+0644, U+064A";

/** The weight the switch's label is set in (`font-medium`): its Arabic cut holds that alone. */
const switchWeight = 500;

/**
 * The weights the site sets its text in (regular to bold): Readex Pro's cuts keep this part of
 * its weight axis only (160 to 700 in the packaged files), which makes the Arabic cut 5 kB,
 * the punctuation cut 1 kB and English pages' text face 10 kB smaller (31 kB packaged, 21 kB
 * cut). fonts.css declares every text face over this range.
 */
export const textWeights = { min: 400, max: 700 };

export const fontSubsets = [
  {
    file: "readex-pro-arabic-core-wght-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2",
    range: arabicTextRange,
    weight: textWeights,
  },
  {
    file: "aref-ruqaa-arabic-core-700-normal.woff2",
    source: "@fontsource/aref-ruqaa/files/aref-ruqaa-arabic-700-normal.woff2",
    range: arabicCoreRange,
  },
  {
    // English pages' text face: all the packaged file's characters, at the site's weights.
    file: "readex-pro-latin-text-wght-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2",
    range: latinRange,
    weight: textWeights,
  },
  {
    // Two faces share this file: Kalima Text claims its punctuation, Kalima Switch its letters.
    file: "readex-pro-punctuation-wght-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2",
    range: `${punctuationRange}, ${switchLatinRange}`,
    weight: textWeights,
  },
  {
    file: "readex-pro-switch-arabic-500-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2",
    range: switchArabicRange,
    weight: switchWeight,
  },
];

/** Every character a `unicode-range` value names. */
export function charactersIn(range) {
  return range
    .split(",")
    .map((part) => part.trim().replace(/^U\+/u, ""))
    .flatMap((part) => {
      const [first, last = first] = part.split("-").map((hex) => Number.parseInt(hex, 16));
      return Array.from({ length: last - first + 1 }, (_, index) =>
        String.fromCodePoint(first + index),
      );
    })
    .join("");
}

async function readIfThere(file) {
  return readFile(file, "utf8").catch(() => undefined);
}

/** Writes each subset whose source font or characters changed since it was last cut. */
async function writeFontSubsets() {
  await mkdir(fontSubsetsDirectory, { recursive: true });
  for (const subset of fontSubsets) {
    const target = path.join(fontSubsetsDirectory, subset.file);
    const source = await readFile(path.join(root, "node_modules", subset.source));
    const key = createHash("sha256").update(subset.range).update("\0");
    if (subset.weight !== undefined) key.update(`wght=${JSON.stringify(subset.weight)}\0`);
    key.update(source);
    const digest = key.digest("hex");
    if ((await readIfThere(`${target}.key`)) === digest) continue;
    const font = await subsetFont(source, charactersIn(subset.range), {
      targetFormat: "woff2",
      ...(subset.weight === undefined ? {} : { variationAxes: { wght: subset.weight } }),
    });
    // Written aside and renamed: builds running side by side never read half a file. The name
    // is the writer's own, not the process's: a process may load this module twice (Vite
    // bundles its configuration afresh each time it resolves it) and cut the same file at once.
    const partial = `${target}.${process.pid}.${randomUUID()}.partial`;
    await writeFile(partial, font);
    await rename(partial, target);
    await writeFile(`${target}.key`, digest);
  }
}

/** Cut once per process: the build resolves its configuration for the client and the server. */
let fontSubsetsWritten;

/** The Vite plugin: the subsets exist before any stylesheet or module refers to them. */
export function fontSubsetsPlugin() {
  return {
    name: "kalima:font-subsets",
    async configResolved() {
      fontSubsetsWritten ??= writeFontSubsets();
      await fontSubsetsWritten;
    },
  };
}
