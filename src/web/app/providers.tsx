import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { initialLanguage } from "../language/initial-language.ts";
import { LanguageProvider } from "../language/language-provider.tsx";

/** What every page runs inside: its language (the team's inbox adds the session). */
export function Providers({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <LanguageProvider initialLanguage={initialLanguage(pathname)}>{children}</LanguageProvider>
  );
}
