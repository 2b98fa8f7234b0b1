import { createContext } from "react";
import type { Language } from "../../shared/language.ts";
import type { Content } from "../content/types.ts";

export interface LanguageContextValue {
  language: Language;
  direction: "rtl" | "ltr";
  content: Content;
  /** Shows the page in `language` once its strings have loaded; rejects if they cannot. */
  setLanguage: (language: Language) => Promise<void>;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);
