import {
  addressedPage,
  defaultLanguage,
  isLanguage,
  type Language,
} from "../../shared/language.ts";

/**
 * The language a page starts in. Prerendering reads it from the address; hydration from the
 * document it hydrates, which our server may have sent in the visitor's remembered language.
 */
export function initialLanguage(pathname: string): Language {
  if (typeof document !== "undefined" && isLanguage(document.documentElement.lang)) {
    return document.documentElement.lang;
  }
  return addressedPage(pathname).language ?? defaultLanguage;
}
