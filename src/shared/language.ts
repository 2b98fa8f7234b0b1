export const languages = ["ar", "en"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "ar";

/** Remembers the visitor's choice; the server reads it to send that language's page first. */
export const languageCookie = "kalima-language";

/** English variants of every page are prerendered under this prefix; Arabic has none. */
export const englishPrefix = "/en";

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}
