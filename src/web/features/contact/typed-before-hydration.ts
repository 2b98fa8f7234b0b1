import {
  asTyped,
  contactErrors,
  formOutcomes,
  type ContactError,
  type FormOutcome,
} from "../../../shared/form-checks.ts";
import type { FormSource } from "../../../shared/contact-submission.ts";
import type { ShownOutcome } from "./form-outcome-notes.tsx";
import { contactFields, emptyContactValues, type ContactValues } from "./validate.ts";

function formOf(source: FormSource): HTMLFormElement | null {
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLFormElement>(`form[data-form-source="${source}"]`);
}

/**
 * What the visitor typed into the prerendered form before the app woke up (hydration starts on
 * the first interaction and may finish while they type on). Read while hydration renders,
 * before it commits: committing writes the state into a textarea's value, so anything read
 * afterwards would already be gone.
 */
export function typedBeforeHydration(source: FormSource): ContactValues {
  const form = formOf(source);
  if (!form) return emptyContactValues;
  return Object.fromEntries(
    contactFields.map((field) => [
      field,
      asTyped(
        field,
        form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`)?.value ??
          "",
      ),
    ]),
  ) as unknown as ContactValues;
}

/** The note our server showed on a page answering a form posted without scripts, if any. */
export function outcomeBeforeHydration(source: FormSource): ShownOutcome | undefined {
  const shown = formOf(source)?.querySelector("[data-outcome]:not([hidden])");
  const outcome = shown?.getAttribute("data-outcome");
  if (!shown || !formOutcomes.includes(outcome as FormOutcome)) return undefined;
  const errors = [...shown.querySelectorAll("[data-error]:not([hidden])")]
    .map((item) => item.getAttribute("data-error"))
    .filter((error): error is ContactError => contactErrors.includes(error as ContactError));
  return { outcome: outcome as FormOutcome, errors };
}
