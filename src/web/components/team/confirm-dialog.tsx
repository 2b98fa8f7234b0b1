import { useId } from "react";
import { useTeamContent } from "./content/use-team-content.ts";
import { primaryButton, secondaryButton } from "./styles.ts";
import { useModalDialog } from "./use-modal-dialog.ts";

interface ConfirmDialogProps {
  open: boolean;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before something that cannot be undone: a modal dialog (the page behind it inert, Escape
 * closes it), the safe choice focused first.
 */
export function ConfirmDialog({
  open,
  question,
  confirm,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { team } = useTeamContent();
  const id = useId();
  const dialog = useModalDialog(open);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-question`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl bg-paper p-6 text-ink-950 shadow-2xl backdrop:bg-ink-950/50"
    >
      <p id={`${id}-question`} className="mb-6 text-lg wrap-anywhere">
        {question}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" autoFocus onClick={onClose} className={secondaryButton}>
          {team.cancel}
        </button>
        <button
          type="button"
          aria-busy={busy}
          onClick={onConfirm}
          className={`${primaryButton} bg-red-800 text-white hover:bg-red-700`}
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
