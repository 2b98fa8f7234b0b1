import { useId } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { primaryButton, secondaryButton } from "../../../components/team/styles.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { isolated } from "../model/describe.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import type { Change } from "../model/changes.ts";
import { ChangeList } from "./change-list.tsx";
import { useModalDialog } from "../../../components/team/use-modal-dialog.ts";

/** A draft that differs from what the site shows, and who saved it last. */
export interface DraftAuthor {
  section: SiteContentSection;
  who: string | null;
  at: string;
}

interface PublishDialogProps {
  open: boolean;
  changes: readonly Change[];
  /** Every draft that goes live, whoever saved it: a colleague's too. */
  authors: readonly DraftAuthor[];
  /** The list was read again while open, as another member's work arrived. */
  updated: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before publishing, showing whose drafts go live and every field that changes as it is now
 * and as it will be: what the server holds, not only this browser's edits. A modal dialog: the
 * editor behind it inert, Escape closes it, "not now" focused first. It opens at its top, its
 * question first, with its two answers kept in view at its foot however long the list.
 */
export function PublishDialog({
  open,
  changes,
  authors,
  updated,
  busy,
  onConfirm,
  onClose,
}: PublishDialogProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const id = useId();
  const dialog = useModalDialog(open);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] rounded-3xl bg-paper p-5 text-ink-950 shadow-2xl backdrop:bg-ink-950/50 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
        {words.publish.title}
      </h2>
      <p id={`${id}-lead`} className="mb-4 text-ink-800">
        {words.publish.lead}
      </p>
      <p role="status" className="mb-4 font-semibold text-ink-900 empty:sr-only">
        {updated ? words.publish.updated : ""}
      </p>
      {authors.length > 0 && (
        <section aria-labelledby={`${id}-drafts`} className="mb-4 grid gap-1">
          <h3 id={`${id}-drafts`} className="font-semibold text-ink-900">
            {words.publish.drafts}
          </h3>
          <ul className="grid gap-1 text-sm text-ink-800">
            {authors.map((author) => (
              <li key={author.section} className="wrap-anywhere">
                {words.publish.savedBy(
                  words.sections[author.section],
                  isolated(nameOf({ email: author.who }) ?? words.conflict.someone),
                  formatDateTime(language, author.at),
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mb-4">
        <ChangeList
          changes={changes}
          labels={{ before: words.publish.before, after: words.publish.after }}
          strikeBefore
          empty={words.publish.empty}
        />
      </div>
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap justify-end gap-3 border-t border-ink-900/10 bg-paper px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <button type="button" autoFocus onClick={onClose} className={secondaryButton}>
          {words.publish.cancel}
        </button>
        <button
          type="button"
          aria-busy={busy}
          aria-disabled={busy}
          onClick={busy ? undefined : onConfirm}
          className={primaryButton}
        >
          {busy ? words.publish.publishing : words.publish.confirm}
        </button>
      </div>
    </dialog>
  );
}
