import type { Language } from "../../shared/language.ts";
import { whenQuiet } from "../lib/when-idle.ts";

// A page preloads the faces its own language draws (app/font-preloads.tsx); the other
// language's would load only when text needs them. Switching in place would then lay the
// switched page out in the system's faces (on a phone, a long first layout), and the whole page
// once more when ours arrive; faces arriving while a press is answered lay the page out in the
// middle of it. So once the app is awake, its first view over (nothing fetched for a second:
// they are for a switch the visitor may make, not for what the page shows) and the browser
// idle, it loads the faces the other language's pages first draw (warmFirstViewFaces), and
// reaching for the switch sooner starts them at once. What each language's first view draws
// (app.css names the families, fonts.css their files): a line of text, with the punctuation
// Arabic sentences end in, a heading, and the switch's label, which names the language left.
interface Drawn {
  family: string;
  weight: number;
  text: string;
}

const firstViewText: Record<Language, Drawn[]> = {
  ar: [
    { family: "Kalima Text", weight: 400, text: "كلمة." },
    { family: "Kalima Display", weight: 700, text: "كلمة" },
    { family: "Kalima Switch", weight: 500, text: "English" },
  ],
  en: [
    { family: "Kalima Text Latin", weight: 400, text: "Kalima" },
    { family: "Kalima Display Latin", weight: 700, text: "Kalima" },
    { family: "Kalima Switch", weight: 500, text: "العربية" },
  ],
};

/** Whether a unicode-range, as FontFace gives it (`U+600-6FF, U+75?`), holds a code point. */
function rangeHolds(range: string, codePoint: number): boolean {
  return range.split(",").some((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/iu, "").split("-");
    const low = Number.parseInt(from.replaceAll("?", "0"), 16);
    const high = Number.parseInt(to.replaceAll("?", "F"), 16);
    return codePoint >= low && codePoint <= high;
  });
}

/** Whether a face's weight (`400 700`, `500`, `bold`) holds `weight`. */
function weightHolds(faceWeight: string, weight: number): boolean {
  const named: Record<string, string> = { normal: "400", bold: "700" };
  const [low = "", high = low] = faceWeight.split(" ").map((value) => named[value] ?? value);
  return weight >= Number(low) && weight <= Number(high);
}

/**
 * The faces the browser draws `drawn` with, as it chooses them: for each character, the last
 * declared face of the family and weight whose range holds it. (`document.fonts.load` would load
 * every face whose range holds a character: with the Arabic cuts, the whole Arabic files too.)
 */
function facesDrawing({ family, weight, text }: Drawn): Set<FontFace> {
  const candidates = [...document.fonts].filter(
    (face) =>
      face.family.replace(/^["']|["']$/gu, "") === family && weightHolds(face.weight, weight),
  );
  const faces = new Set<FontFace>();
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const face = candidates.findLast((candidate) => rangeHolds(candidate.unicodeRange, codePoint));
    if (face) faces.add(face);
  }
  return faces;
}

const loading = new Map<Language, Promise<unknown>>();

/** Starts loading the faces a page in `language` first draws; each language once. */
export function loadFirstViewFaces(language: Language): Promise<unknown> {
  let faces = loading.get(language);
  if (!faces) {
    faces = Promise.resolve()
      .then(() => {
        const drawing = new Set(
          firstViewText[language].flatMap((drawn) => [...facesDrawing(drawn)]),
        );
        return Promise.all([...drawing].map((face) => face.load()));
      })
      .catch(() => {
        // A face that cannot load (or a browser without the font loading API) is drawn as it
        // would have been without this: when text needs it, or in the system's face.
      });
    loading.set(language, faces);
  }
  return faces;
}

/** How long the page must have fetched nothing before the other language's faces load. */
export const firstViewQuietMs = 1000;

/**
 * Loads the faces a page in `language` first draws once the page's own faces (in `shown`, which
 * it preloaded) are in, the page has fetched nothing for a while and the browser is idle: the
 * page is awake, its first view is over, and a switch to `language` then lays its page out
 * once, in them. Once per page: a switch back finds both languages' faces here.
 */
export function warmFirstViewFaces(language: Language, shown: Language): void {
  if (!loading.has(shown)) loading.set(shown, Promise.resolve());
  if (loading.has(language)) return;
  Promise.resolve()
    .then(() => document.fonts.ready)
    .then(() => whenQuiet(firstViewQuietMs, () => void loadFirstViewFaces(language)))
    .catch(() => {
      // Without the font loading API, text is drawn as it would have been without this.
    });
}
