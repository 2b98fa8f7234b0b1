import { useLanguage } from "../../language/use-language.ts";

export const newTabNoteId = "opens-in-new-tab";

/** Read as the description of every link that opens a new tab; never shown. */
export function NewTabNote() {
  const { content } = useLanguage();
  return (
    <p id={newTabNoteId} hidden>
      {content.footer.opensInNewTab}
    </p>
  );
}
