import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import {
  addressedPage,
  addressIn,
  defaultLanguage,
  isLanguage,
  languageParameter,
  type Language,
} from "../../shared/language.ts";
import { previewParameter } from "../../shared/preview-parameter.js";
import { isContentLoaded, loadContent } from "../content/load-content.ts";
import { whenIdle } from "../lib/when-idle.ts";
import { holdBelowScreenForOneFrame } from "./hold-below-screen.ts";
import { readRememberedLanguage, rememberLanguage } from "./remembered-language.ts";

interface Served {
  pathname: string;
  language: Language;
}

/** The query without the language switch's parameter, as `?a=b` or empty. */
function withoutLanguageParameter(search: string): string {
  const query = new URLSearchParams(search);
  query.delete(languageParameter);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

/**
 * The language shown, and the switch that changes it. The address names the language (Arabic
 * unprefixed, English under /en), so a shared link or a new tab opens in it; until the address
 * changes, the page keeps the language it was served in, which our server may have chosen from
 * the cookie at an unprefixed address. Once hydrated, the address is brought in line with the
 * visitor's choice (lib/wake-up.tsx, step 5).
 */
export function useLanguageSwitch(initialLanguage: Language): {
  language: Language;
  setLanguage: (next: Language) => Promise<void>;
} {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const addressed = addressedPage(pathname);
  const [served, setServed] = useState<Served | null>(() => ({
    pathname,
    language: initialLanguage,
  }));
  if (served && served.pathname !== pathname) setServed(null);
  const language = served?.language ?? addressed.language ?? defaultLanguage;

  // The page shown, as of its last commit: a press may wait for its strings, and the language it
  // asks for holds for the page on screen when they arrive.
  const shownPathname = useRef(pathname);
  useLayoutEffect(() => {
    shownPathname.current = pathname;
  }, [pathname]);

  // The strings come first: the page never changes language before it can show it whole. Once
  // they are here, a press is answered at once and the address follows.
  const goTo = useCallback(
    async (next: Language, pressed: boolean) => {
      if (!isContentLoaded(next)) await loadContent(next);
      // Where the page is now, read when the address is moved: a press may wait for its
      // strings, and the address follows the answer later still; meanwhile it may move (a link
      // followed, the page's own move to its language's address). The address bar says so at
      // once; the page rendered for it may still be on its way.
      const address = () => {
        const now = window.location;
        const target = addressIn(
          now.pathname,
          `${withoutLanguageParameter(now.search)}${now.hash}`,
          next,
        );
        const { pathname, search } = new URL(target, now.href);
        const same = pathname === now.pathname && search === now.search;
        return { target, same };
      };
      if (pressed) {
        // The whole page changes language in one synchronous commit, in the press's task or the
        // one its strings arrive in: the visitor is waiting for it. A navigation would not do it
        // there, as the router completes every navigation in a transition, after its loading
        // state and a forced layout. The address follows when the page is idle, taking over a
        // move still under way, even to the address already shown.
        // What is wholly below the screen is drawn in the frame after this one.
        holdBelowScreenForOneFrame();
        flushSync(() => setServed({ pathname: shownPathname.current, language: next }));
        whenIdle(() => {
          const { target, same } = address();
          void navigate(target, { replace: same, preventScrollReset: true });
        });
        return;
      }
      const { target, same } = address();
      // A new address ends the served language by itself; the same address needs telling, and
      // only when it changes anything (an update while the page hydrates would make React
      // finish hydrating at once, in one long task).
      if (same) setServed((current) => (current && current.language !== next ? null : current));
      else void navigate(target, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // The choice is remembered as the page shows it (below), not before: storage and a cookie
  // written in the press's task would hold its answer back.
  const setLanguage = useCallback((next: Language) => goTo(next, true), [goTo]);

  // Once hydrated (which had to reproduce the served page), bring the address in line: the
  // language our server chose from the cookie, a choice remembered where a static host sent
  // Arabic, or one the language switch's link recorded.
  const settled = useRef(false);
  const previewing = useRef(false);
  useEffect(() => {
    if (settled.current) return;
    settled.current = true;
    const query = new URLSearchParams(search);
    // The site editor's preview frames a page in each language side by side: each shows the
    // language of its address, and none touches the choice the member made as a visitor.
    if (query.has(previewParameter)) {
      previewing.current = true;
      goTo(addressed.language ?? defaultLanguage, false).catch(() => {});
      return;
    }
    const asked = query.get(languageParameter);
    if (isLanguage(asked)) rememberLanguage(asked);
    else if (addressed.language) rememberLanguage(addressed.language);
    const wanted =
      addressed.language ??
      (isLanguage(asked) ? asked : (readRememberedLanguage() ?? initialLanguage));
    // Left as served if the other language cannot load: the page is whole as it is.
    goTo(wanted, false).catch(() => {});
  }, [addressed.language, goTo, initialLanguage, search]);

  // A press, back and forward: the choice follows what is shown, once the page showing it has
  // been painted (the effects of a press's commit run before its paint). The language shown
  // then is the one kept, whatever has changed in between.
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    if (previewing.current) return;
    // Given up if the provider goes first: nothing is left to run against a page torn down.
    return whenIdle(() => rememberLanguage(shown.current));
  }, [language]);

  return { language, setLanguage };
}
