import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { primaryButton, secondaryButton } from "../../../components/team/styles.ts";

interface IdleWarningProps {
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * Two minutes before an idle session signs out: an alert dialog, announced and focused on
 * "stay"; Escape stays too, Tab keeps to its two buttons (the page behind it is inert), and
 * focus goes back where it was when it closes.
 */
export function IdleWarning({ onStay, onSignOut }: IdleWarningProps) {
  const { text } = useInboxContent();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const stay = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    stay.current?.focus();
    return () => {
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onStay();
      return;
    }
    if (event.key !== "Tab") return;
    const buttons = [...(dialog.current?.querySelectorAll("button") ?? [])];
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-[70] grid place-items-center bg-ink-950/60 p-4">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={onKeyDown}
        className="grid w-full max-w-md gap-4 rounded-3xl bg-paper p-6 text-ink-950 shadow-xl shadow-ink-950/30 sm:p-8"
      >
        <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
          {text.idle.title}
        </h2>
        <p id={`${id}-body`} className="text-ink-800">
          {text.idle.body}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button ref={stay} type="button" onClick={onStay} className={primaryButton}>
            {text.idle.stay}
          </button>
          <button type="button" onClick={onSignOut} className={secondaryButton}>
            {text.idle.signOut}
          </button>
        </div>
      </div>
    </div>
  );
}
