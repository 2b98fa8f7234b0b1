import { isLanguage, languageCookie, type Language } from "../../shared/language.ts";
import { isLeavingPage } from "../lib/leaving-page.ts";

const oneYear = 60 * 60 * 24 * 365;

function readCookie(): string | undefined {
  const prefix = `${languageCookie}=`;
  return document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * The cookie first: our server also writes it (a switch followed without scripts), and it
 * decided the page served. localStorage keeps the choice where a static host loses cookies.
 */
export function readRememberedLanguage(): Language | undefined {
  const cookie = readCookie();
  if (isLanguage(cookie)) return cookie;
  try {
    const stored = window.localStorage.getItem(languageCookie);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * localStorage for static hosting, and a cookie so our server sends this language first. A page
 * being left writes nothing: the choice the visitor made by leaving it (the switch's link,
 * followed before the app woke) is newer than anything it would remember.
 */
export function rememberLanguage(language: Language): void {
  if (isLeavingPage()) return;
  try {
    window.localStorage.setItem(languageCookie, language);
  } catch {
    // Storage can be disabled; the cookie below still carries the choice.
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=${oneYear}; SameSite=Lax${secure}`;
}
