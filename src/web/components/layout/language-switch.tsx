import { Languages } from "lucide-react";
import { useEffect, type MouseEvent } from "react";
import { useLocation } from "react-router";
import {
  addressedPage,
  languageParameter,
  switchedAddress,
  type Language,
} from "../../../shared/language.ts";
import { notFoundPath } from "../../../shared/pages.js";
import { loadContent } from "../../content/load-content.ts";
import { loadFirstViewFaces, warmFirstViewFaces } from "../../language/first-view-faces.ts";
import { useLanguage } from "../../language/use-language.ts";
import { useHydrated } from "../../lib/wake-up.tsx";

// The same element at every render: React passes over it when the language changes.
const languagesIcon = <Languages aria-hidden="true" className="size-4 text-gold-300" />;

/** A press the page may take over: the main button, with no key asking for a new tab or window. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Starts loading a language's strings and the faces its pages first draw; a failure of the
 * strings is met again, and answered, on the press.
 */
function prefetch(language: Language) {
  loadContent(language).catch(() => {});
  void loadFirstViewFaces(language);
}

/**
 * The prerendered not-found page is served at whatever unknown address was asked for: its link
 * keeps that address (only the query changes), which our server then moves to the other
 * language's.
 */
function switchHref(pathname: string, search: string, target: Language): string {
  if (addressedPage(pathname).path === notFoundPath) return `?${languageParameter}=${target}`;
  return switchedAddress(pathname, search, target);
}

/**
 * Shows the other language's name, in that language. A link to this page in that language
 * which records the choice, so it works without scripts; with them it switches in place once
 * that language's strings have loaded.
 */
export function LanguageSwitch() {
  const { content, language, setLanguage } = useLanguage();
  const { pathname, search } = useLocation();
  const target = content.languageSwitch.lang;
  // The other language's faces load once the page is awake (language/first-view-faces.ts).
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) warmFirstViewFaces(target, language);
  }, [hydrated, target, language]);
  return (
    <a
      href={switchHref(pathname, search, target)}
      hrefLang={target}
      lang={target}
      // The other language's strings (and its faces, if not yet here) start loading as the
      // visitor reaches for it.
      onPointerDown={() => prefetch(target)}
      onPointerEnter={() => prefetch(target)}
      onFocus={() => prefetch(target)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        // The other language's strings load now; should they not, the link's own page serves.
        const link = event.currentTarget;
        setLanguage(target).catch(() => window.location.assign(link.href));
      }}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gold-400/40 px-4 text-sm font-medium text-paper transition-colors hover:border-gold-300 hover:bg-gold-400/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
    >
      {languagesIcon}
      <span className="other-script">{content.languageSwitch.label}</span>
    </a>
  );
}
