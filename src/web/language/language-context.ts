import { createContext } from "react";
import type { Language } from "../../shared/language.ts";
import type { Content } from "../content/types.ts";

export interface LanguageContextValue {
  language: Language;
  direction: "rtl" | "ltr";
  content: Content;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);
