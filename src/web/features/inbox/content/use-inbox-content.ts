import type { Language } from "../../../../shared/language.ts";
import { useLanguage } from "../../../language/use-language.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import type { InboxContent } from "./types.ts";

const inboxContent: Record<Language, InboxContent> = { ar, en };

/** The inbox's strings in a language other than the page's: a reply in the visitor's own. */
export function inboxTextIn(language: Language): InboxContent {
  return inboxContent[language];
}

/** The inbox's strings in the page's language, beside the site's (toasts, language). */
export function useInboxContent() {
  const site = useLanguage();
  return { ...site, text: inboxContent[site.language] };
}
