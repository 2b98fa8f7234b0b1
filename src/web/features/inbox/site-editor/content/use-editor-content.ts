import type { Language } from "../../../../../shared/language.ts";
import { useInboxContent } from "../../content/use-inbox-content.ts";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import type { EditorContent } from "./types.ts";

const editorContent: Record<Language, EditorContent> = { ar, en };

/** The editor's words in the page's language, beside the inbox's. */
export function useEditorContent() {
  const inbox = useInboxContent();
  return { ...inbox, words: editorContent[inbox.language] };
}
