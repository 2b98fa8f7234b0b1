import { DirectionProvider } from "@radix-ui/react-direction";
import { useMemo, type ReactNode } from "react";
import { directionOf, type Language } from "../../shared/language.ts";
import { useContentFor } from "../content/load-content.ts";
import type { PageContent } from "../content/page-content.ts";
import { withSiteContent } from "../content/with-site-content.ts";
import { LanguageContext } from "./language-context.ts";
import { useLanguageSwitch } from "./use-language-switch.ts";

interface LanguageProviderProps {
  /** The language the page was rendered in: hydration must start from it. */
  initialLanguage: Language;
  /** The team's published content the page shows; without it, the content modules' words alone. */
  site?: PageContent | undefined;
  children: ReactNode;
}

/**
 * The single source of the language and so of the direction: <html lang dir>, Radix's
 * DirectionProvider and every string read through useLanguage() follow it.
 */
export function LanguageProvider({ initialLanguage, site, children }: LanguageProviderProps) {
  const { language, setLanguage } = useLanguageSwitch(initialLanguage);
  const strings = useContentFor(language);
  const content = useMemo(
    () => (site ? withSiteContent(strings, site, language) : strings),
    [strings, site, language],
  );
  const value = useMemo(
    () => ({
      language,
      direction: directionOf(language),
      content,
      setLanguage,
    }),
    [content, language, setLanguage],
  );
  return (
    <LanguageContext.Provider value={value}>
      <DirectionProvider dir={value.direction}>{children}</DirectionProvider>
    </LanguageContext.Provider>
  );
}
