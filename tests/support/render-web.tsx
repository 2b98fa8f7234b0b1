import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import type { Language } from "../../src/shared/language.ts";
import type { PageContent } from "../../src/web/content/page-content.ts";
import { LanguageProvider } from "../../src/web/language/language-provider.tsx";

interface RenderWebOptions extends Omit<RenderOptions, "wrapper"> {
  language?: Language;
  path?: string;
  /** The team's published content the page carries. */
  site?: PageContent;
}

/**
 * Renders UI as the site does: inside the language provider and a browser router at `path`,
 * the address bar (jsdom's) moving with it.
 */
export function renderWeb(
  ui: ReactElement,
  { language = "ar", path = "/", site, ...options }: RenderWebOptions = {},
) {
  window.history.replaceState(null, "", path);
  const Wrapper = ({ children }: { children: ReactNode }) => {
    const router = createBrowserRouter([
      {
        path: "*",
        element: (
          <LanguageProvider initialLanguage={language} site={site}>
            {children}
          </LanguageProvider>
        ),
      },
    ]);
    return <RouterProvider router={router} />;
  };
  return render(ui, { wrapper: Wrapper, ...options });
}
