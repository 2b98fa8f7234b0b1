import { DirectionProvider } from "@radix-ui/react-direction";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { directionOf, type Language } from "../../shared/language.ts";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import type { Content } from "../content/types.ts";
import { LanguageContext } from "./language-context.ts";
import { readRememberedLanguage, rememberLanguage } from "./remembered-language.ts";

const contentFor: Record<Language, Content> = { ar, en };

interface LanguageProviderProps {
  /** The language the page was rendered in: hydration must start from it. */
  initialLanguage: Language;
  /** Set when the address itself names a language (/en/...): that choice is remembered. */
  languageInAddress?: Language | undefined;
  children: ReactNode;
}

/**
 * The single source of the language and so of the direction: <html lang dir>, Radix's
 * DirectionProvider and every string read through useLanguage() follow it.
 */
export function LanguageProvider({
  initialLanguage,
  languageInAddress,
  children,
}: LanguageProviderProps) {
  const [language, setLanguageState] = useState(initialLanguage);

  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    rememberLanguage(next);
  }, []);

  // A static host always sends Arabic first: apply a remembered choice once hydrated.
  useEffect(() => {
    if (languageInAddress) {
      rememberLanguage(languageInAddress);
      return;
    }
    const remembered = readRememberedLanguage();
    // Hydration has to reproduce the served HTML, so the stored choice can only apply after it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (remembered && remembered !== initialLanguage) setLanguageState(remembered);
  }, [initialLanguage, languageInAddress]);

  const value = useMemo(
    () => ({
      language,
      direction: directionOf(language),
      content: contentFor[language],
      setLanguage,
    }),
    [language, setLanguage],
  );
  return (
    <LanguageContext.Provider value={value}>
      <DirectionProvider dir={value.direction}>{children}</DirectionProvider>
    </LanguageContext.Provider>
  );
}
