import { useEffect, useRef } from "react";

/**
 * A `<dialog>` shown as a modal while `open` (the page behind it inert, Escape closes it), and
 * closed when not: the ref to put on it.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
