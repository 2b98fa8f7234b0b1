import type { FormSource } from "../../../shared/contact-submission.ts";
import { contactFields, emptyContactValues, type ContactValues } from "./validate.ts";

/**
 * What the visitor typed into the prerendered form before the app woke up (hydration starts on
 * the first interaction and may finish while they type on). Read while hydration renders,
 * before it commits: committing writes the state into a textarea's value, so anything read
 * afterwards would already be gone.
 */
export function typedBeforeHydration(source: FormSource): ContactValues {
  if (typeof document === "undefined") return emptyContactValues;
  const form = document.querySelector<HTMLFormElement>(`form[data-form-source="${source}"]`);
  if (!form) return emptyContactValues;
  return Object.fromEntries(
    contactFields.map((field) => [
      field,
      form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`)?.value ?? "",
    ]),
  ) as unknown as ContactValues;
}
