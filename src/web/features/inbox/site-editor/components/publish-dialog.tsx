import { useId } from "react";
import { primaryButton, secondaryButton } from "../../components/styles.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import type { Change } from "../model/changes.ts";
import { ChangeList } from "./change-list.tsx";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";

interface PublishDialogProps {
  open: boolean;
  changes: readonly Change[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before publishing, showing every field that changes as it is now and as it will be. A
 * modal dialog: the editor behind it inert, Escape closes it, "not now" focused first.
 */
export function PublishDialog({ open, changes, busy, onConfirm, onClose }: PublishDialogProps) {
  const { words } = useEditorContent();
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
      <div className="mb-6">
        <ChangeList
          changes={changes}
          labels={{ before: words.publish.before, after: words.publish.after }}
          strikeBefore
          empty={words.publish.empty}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
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
