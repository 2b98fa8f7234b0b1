import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AuthProvider } from "../auth/auth-provider.tsx";
import { initialLanguage } from "../language/initial-language.ts";
import { LanguageProvider } from "../language/language-provider.tsx";

/** What every page runs inside: its language, and the visitor's session. */
export function Providers({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <LanguageProvider initialLanguage={initialLanguage(pathname)}>
      <AuthProvider>{children}</AuthProvider>
    </LanguageProvider>
  );
}
