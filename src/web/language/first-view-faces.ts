import type { Language } from "../../shared/language.ts";

// A page preloads the faces its own language draws (app/font-preloads.tsx); the other
// language's load only when text needs them. Switching in place would then show the other
// language in the system's face, and lay the whole page out again when ours arrive. What each
// language's first view draws, as `document.fonts.load` asks for it (app.css names the
// families, fonts.css their files): a line of text, with the punctuation Arabic sentences
// end in, a heading, and the switch's label, which names the language left.
const firstViewFaces: Record<Language, [font: string, text: string][]> = {
  ar: [
    ['1em "Kalima Text"', "كلمة."],
    ['700 1em "Kalima Display"', "كلمة"],
    ['500 1em "Kalima Switch"', "English"],
  ],
  en: [
    ['1em "Kalima Text Latin"', "Kalima"],
    ['700 1em "Kalima Display Latin"', "Kalima"],
    ['500 1em "Kalima Switch"', "العربية"],
  ],
};

const loading = new Map<Language, Promise<unknown>>();

/** Starts loading the faces a page in `language` first draws; each language once. */
export function loadFirstViewFaces(language: Language): Promise<unknown> {
  let faces = loading.get(language);
  if (!faces) {
    faces = Promise.resolve()
      .then(() =>
        Promise.all(
          firstViewFaces[language].map(([font, text]) => document.fonts.load(font, text)),
        ),
      )
      .catch(() => {
        // A face that cannot load (or a browser without the font loading API) is drawn as it
        // would have been without this: when text needs it, or in the system's face.
      });
    loading.set(language, faces);
  }
  return faces;
}
