import { useEffect, useRef } from "react";

/**
 * A `<dialog>` shown as a modal while `open` (the page behind it inert, Escape closes it), and
 * closed when not: the ref to put on it. It opens at its top: focusing an answer at the foot of a
 * long dialog would otherwise show its end first, its question scrolled away.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.scrollTop = 0;
    }
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
