import { useEffect, type ReactNode } from "react";
import { Links, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import {
  addressedPage,
  defaultLanguage,
  isLanguage,
  type Language,
} from "../../shared/language.ts";
import { anonKeyMetaName } from "../../shared/anon-key-meta.ts";
import { SiteFrame } from "../components/layout/site-frame.tsx";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import { FrameGuard } from "../features/errors/frame-guard.tsx";
import { RouteErrorScreen } from "../features/errors/route-error-screen.tsx";
import { LanguageProvider } from "../language/language-provider.tsx";
import { useLanguage } from "../language/use-language.ts";
import { Toaster } from "../toast/toaster.tsx";
import { applyDocumentLanguage } from "../lib/document-head.ts";
import type { Route } from "./+types/root";
import { appRootId } from "./app-root.ts";
import stylesheet from "./app.css?url";
import favicon from "../../../public/favicon.svg?inline";
import ruqaaLatin from "@fontsource/aref-ruqaa/files/aref-ruqaa-latin-700-normal.woff2?url";
import readexLatin from "@fontsource-variable/readex-pro/files/readex-pro-latin-wght-normal.woff2?url";
import ruqaaArabic from "../../../node_modules/.cache/kalima-fonts/aref-ruqaa-arabic-core-700-normal.woff2?url";
import readexArabic from "../../../node_modules/.cache/kalima-fonts/readex-pro-arabic-core-wght-normal.woff2?url";
import readexPunctuation from "../../../node_modules/.cache/kalima-fonts/readex-pro-punctuation-wght-normal.woff2?url";

// The faces the first view of a page needs in its language: text and headings. Preloaded so
// the first paint already uses them; every other subset loads on demand (font-display: swap).
const criticalFonts: Record<Language, string[]> = {
  ar: [readexArabic, readexPunctuation, ruqaaArabic],
  en: [readexLatin, ruqaaLatin],
};

/**
 * Prerendering reads the language from the address; hydration from the document it hydrates,
 * which our server may have sent in the visitor's remembered language.
 *
 * Prerendering writes the whole document; in the browser, React Router hydrates only
 * #root, and the language keeps <html lang dir> and the head in step (document-head.ts).
 */
function initialLanguage(pathname: string): Language {
  if (typeof document !== "undefined" && isLanguage(document.documentElement.lang)) {
    return document.documentElement.lang;
  }
  return addressedPage(pathname).language ?? defaultLanguage;
}

function Document({ children }: { children: ReactNode }) {
  const { language, direction } = useLanguage();
  useEffect(() => applyDocumentLanguage(language, direction), [language, direction]);
  const app = (
    <>
      {children}
      <Toaster />
      <ScrollRestoration />
    </>
  );
  if (!import.meta.env.SSR) return app;
  return (
    <html lang={language} dir={direction}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1326" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {criticalFonts[language].map((font) => (
          <link
            key={font}
            rel="preload"
            href={font}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        {/* In the page, not fetched: on HTTP/1.1 a phone opens six connections to a host, and
            the icon would take one the first paint's fonts need. */}
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {!import.meta.env.VITE_SUPABASE_ANON_KEY && <meta name={anonKeyMetaName} content="" />}
        <Links />
      </head>
      <body className="bg-ink-950 font-sans text-paper antialiased">
        <div id={appRootId}>{app}</div>
        <Scripts />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <LanguageProvider
      initialLanguage={initialLanguage(pathname)}
      languageInAddress={addressedPage(pathname).language}
    >
      <AuthProvider>
        <Document>{children}</Document>
      </AuthProvider>
    </LanguageProvider>
  );
}

export default function App() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const screen = <RouteErrorScreen error={error} />;
  return (
    <FrameGuard fallback={<main id="main">{screen}</main>}>
      <SiteFrame>{screen}</SiteFrame>
    </FrameGuard>
  );
}
