import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { PageContent } from "../content/page-content.ts";
import { usePreviewedContent } from "../content/preview-content.ts";
import { PublishedContentContext } from "../content/published-content.ts";
import { initialLanguage } from "../language/initial-language.ts";
import { LanguageProvider } from "../language/language-provider.tsx";

interface ProvidersProps {
  /** The parts of the team's published content the page was rendered with. */
  site: PageContent | undefined;
  children: ReactNode;
}

/**
 * What every page runs inside: the published content and its language (the team's inbox adds
 * the session).
 */
export function Providers({ site: rendered, children }: ProvidersProps) {
  const { pathname } = useLocation();
  const site = usePreviewedContent(rendered);
  return (
    <PublishedContentContext.Provider value={site}>
      <LanguageProvider initialLanguage={initialLanguage(pathname)} site={site}>
        {children}
      </LanguageProvider>
    </PublishedContentContext.Provider>
  );
}
