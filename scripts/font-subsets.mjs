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
// "العربية" on English ones), a word no face the page preloads can draw. Two cuts of a family
// of their own hold only its letters, at the one weight it is set in: 1 kB and 3 kB, where the
// whole Latin file or the Arabic cut would cost 31 kB or 20 kB for a word.
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

/**
 * The Arabic the site writes, as `unicode-range`. tests/e2e/budgets.spec.ts fails when a page
 * needs more (it would fetch the full file).
 */
const arabicCoreRange =
  "U+0020, U+060C, U+061B, U+061F, U+0621-063A, U+0640-0652, U+0660-066D, U+0670, U+200C-200D";

/** The letters of the language switch's labels, as `unicode-range`: "English" and "العربية". */
const switchLatinRange = "U+0045, U+0067-0069, U+006C, U+006E, U+0073";
const switchArabicRange = "U+0627-0629, U+0631, U+0639, U+0644, U+064A";

/** The weight the switch's label is set in (`font-medium`): its cuts hold that instance alone. */
const switchWeight = 500;

export const fontSubsets = [
  {
    file: "readex-pro-arabic-core-wght-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-arabic-wght-normal.woff2",
    range: arabicCoreRange,
  },
  {
    file: "aref-ruqaa-arabic-core-700-normal.woff2",
    source: "@fontsource/aref-ruqaa/files/aref-ruqaa-arabic-700-normal.woff2",
    range: arabicCoreRange,
  },
  {
    file: "readex-pro-punctuation-wght-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2",
    range: punctuationRange,
  },
  {
    file: "readex-pro-switch-latin-500-normal.woff2",
    source: "@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2",
    range: switchLatinRange,
    weight: switchWeight,
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
    if (subset.weight !== undefined) key.update(`wght=${subset.weight}\0`);
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
