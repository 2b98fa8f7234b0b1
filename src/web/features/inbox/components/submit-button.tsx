import { primaryButton } from "../../../components/team/styles.ts";

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** In a form's column, the button keeps its own width from the small breakpoint up. */
  alignStart?: boolean;
}

/**
 * A form's submit button. Busy, it says so and is aria-disabled rather than disabled, so the
 * keyboard focus stays on it while the request runs.
 */
export function SubmitButton({ busy, label, busyLabel, alignStart = true }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className={alignStart ? `${primaryButton} sm:justify-self-start` : primaryButton}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
