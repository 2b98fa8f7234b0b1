import { useEffect, useId, useState } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { primaryButton, secondaryButton } from "../../../components/team/styles.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { isolated } from "../model/describe.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { freshLines, type Change } from "../model/changes.ts";
import { formatNumber } from "../../../lib/format.ts";
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
  /** Another member's work arrived: the list is being read again. */
  reading?: boolean;
  /** What the site shows and what it would show, whole: photos and items named by them. */
  documents?: { before: unknown; after: unknown };
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** How long publishing waits, once the list is read again, for the member to see what changed. */
export const pauseAfterReading = 2000;

/**
 * The list's lines new since it was last shown, and until when publishing waits for the member
 * to look at them. A list read again under the member (another member's work arrived) pauses the
 * publish button, which counts down the time left; the time runs only while the page is in view,
 * so a member who was elsewhere is given it whole when they come back.
 */
function useReread(open: boolean, changes: readonly Change[]) {
  const [seen, setSeen] = useState<readonly Change[] | undefined>(undefined);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(noLines);
  const [left, setLeft] = useState(0);
  // Weighed as the new list renders, before it is painted: no tap meets it unpaused.
  const shown = open ? changes : undefined;
  if (shown !== seen) {
    setSeen(shown);
    setFresh(seen && shown ? freshLines(seen, shown) : noLines);
    setLeft(seen && shown ? pauseAfterReading : 0);
  }
  const waiting = left > 0;
  useEffect(() => {
    if (!waiting) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const at = Date.now();
      const elapsed = at - last;
      last = at;
      const hidden = window.document.visibilityState === "hidden";
      setLeft((time) => (hidden ? pauseAfterReading : Math.max(0, time - elapsed)));
    }, 250);
    return () => clearInterval(timer);
  }, [waiting]);
  return { fresh, seconds: Math.ceil(left / 1000) };
}

const noLines: ReadonlySet<string> = new Set();

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
  reading = false,
  documents,
  busy,
  onConfirm,
  onClose,
}: PublishDialogProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const id = useId();
  const dialog = useModalDialog(open);
  const { fresh, seconds } = useReread(open, changes);
  const paused = reading || seconds > 0;

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
        {reading
          ? words.publish.reading
          : updated
            ? `${words.publish.updated}${fresh.size > 0 ? ` ${words.publish.freshLead}` : ""}`
            : ""}
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
          documents={documents}
          fresh={fresh}
          freshLabel={words.publish.fresh}
        />
      </div>
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap justify-end gap-3 border-t border-ink-900/10 bg-paper px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <button type="button" autoFocus onClick={onClose} className={secondaryButton}>
          {words.publish.cancel}
        </button>
        {/* Paused, not disabled: a button that keeps its focus, and says why it waits. */}
        <button
          type="button"
          aria-busy={busy || reading}
          aria-disabled={busy || paused}
          aria-describedby={paused ? `${id}-paused` : undefined}
          onClick={busy || paused ? undefined : onConfirm}
          className={`${primaryButton} ${paused ? "aria-disabled:cursor-not-allowed" : ""}`}
        >
          {busy
            ? words.publish.publishing
            : paused
              ? words.publish.paused(seconds > 0 ? formatNumber(language, seconds) : "")
              : words.publish.confirm}
        </button>
        <span id={`${id}-paused`} className="sr-only">
          {paused ? words.publish.pausedWhy : ""}
        </span>
      </div>
    </dialog>
  );
}
