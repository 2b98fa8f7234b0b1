import { useLayoutEffect, type ReactNode } from "react";
import { Links, Scripts, ScrollRestoration } from "react-router";
import { anonKeyMetaName } from "../../shared/anon-key-meta.ts";
import { useLanguage } from "../language/use-language.ts";
import { appRootId, applyDocumentLanguage } from "../lib/document-element.ts";
import { siteUrlMetaName } from "../lib/site-url.ts";
import { Toaster } from "../toast/toaster.tsx";
import stylesheet from "./app.css?url";
import { FontPreloads } from "./font-preloads.tsx";
import favicon from "../../../public/favicon.svg?inline";

const skippedTransitionsAnswered = `for (const type of ["pageswap", "pagereveal"]) addEventListener(type, (event) => event.viewTransition?.ready.catch(() => {}));`;

/**
 * Prerendering writes the whole document; in the browser, React Router hydrates only #root,
 * and the language keeps <html lang dir> in step (document-element.ts); React keeps the head's
 * title, meta and link tags (PageMeta).
 */
export function Document({ children }: { children: ReactNode }) {
  const { language, direction } = useLanguage();
  // In the commit that changes the words, before the browser paints them: a frame of English
  // laid out right to left (or Arabic left to right) would show between the two otherwise.
  useLayoutEffect(() => applyDocumentLanguage(language, direction), [language, direction]);
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
        {/* Before the first frame, where the browser reveals a page with its fade: when the
            fade is skipped (the tab hidden while it runs, say), Chromium rejects the
            transition's ready promise, which no one else awaits, and a visitor's console
            shows "Uncaught (in promise) AbortError: Transition was skipped". */}
        <script dangerouslySetInnerHTML={{ __html: skippedTransitionsAnswered }} />
        <meta name={siteUrlMetaName} content={import.meta.env.VITE_SITE_URL} />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <FontPreloads language={language} />
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
