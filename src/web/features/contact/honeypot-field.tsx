import { useId } from "react";

/**
 * A field for robots: people neither see it nor reach it with the keyboard, and assistive
 * technology skips it. It is clipped rather than display: none, which scripts that fill forms
 * learn to skip. The database stores a submission that fills it as spam.
 */
export function HoneypotField({ label }: { label: string }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
