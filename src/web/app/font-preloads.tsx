import type { Language } from "../../shared/language.ts";
import ruqaaLatin from "@fontsource/aref-ruqaa/files/aref-ruqaa-latin-700-normal.woff2?url";
import ruqaaArabic from "../../../node_modules/.cache/kalima-fonts/aref-ruqaa-arabic-core-700-normal.woff2?url";
import readexLatin from "../../../node_modules/.cache/kalima-fonts/readex-pro-latin-text-wght-normal.woff2?url";
import readexArabic from "../../../node_modules/.cache/kalima-fonts/readex-pro-arabic-core-wght-normal.woff2?url";
import readexPunctuation from "../../../node_modules/.cache/kalima-fonts/readex-pro-punctuation-wght-normal.woff2?url";
import switchArabic from "../../../node_modules/.cache/kalima-fonts/readex-pro-switch-arabic-500-normal.woff2?url";

// The faces the first view of a page needs in its language: text, headings and the language
// switch's label, which names the other language (on Arabic pages the punctuation cut holds
// its letters). Preloaded so the first paint already uses them; every other subset loads on
// demand (font-display: swap). Three files each, their bytes on the first paint's path
// (scripts/font-subsets.mjs).
const criticalFonts: Record<Language, string[]> = {
  ar: [readexArabic, readexPunctuation, ruqaaArabic],
  en: [readexLatin, ruqaaLatin, switchArabic],
};

export function FontPreloads({ language }: { language: Language }) {
  return criticalFonts[language].map((font) => (
    <link
      key={font}
      rel="preload"
      href={font}
      as="font"
      type="font/woff2"
      crossOrigin="anonymous"
    />
  ));
}
