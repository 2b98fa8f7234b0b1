import type { Language } from "../../../../shared/language.ts";
import { useLanguage } from "../../../language/use-language.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import type { EditorContent } from "./types.ts";

const editorContent: Record<Language, EditorContent> = { ar, en };

/** The editor's words in the page's language, beside the site's (toasts, language). */
export function useEditorContent() {
  const site = useLanguage();
  return { ...site, words: editorContent[site.language] };
}
