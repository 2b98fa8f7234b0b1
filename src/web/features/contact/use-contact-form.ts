import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { contactErrorFields } from "../../../shared/form-checks.ts";
import type { FormSource } from "../../../shared/contact-submission.ts";
import { useLanguage } from "../../language/use-language.ts";
import { formatWait } from "../../lib/format.ts";
import { toast } from "../../toast/toast-store.ts";
import { sendSubmission } from "./api/send-submission.ts";
import { outcomeBeforeHydration, typedBeforeHydration } from "./typed-before-hydration.ts";
import {
  asTyped,
  emptyContactValues,
  validateContact,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from "./validate.ts";

/** What a robot wrote in the field people never see; the database decides what it means. */
function honeypotValue(form: HTMLFormElement | null): string {
  const field = form?.elements.namedItem("website");
  return field instanceof HTMLInputElement ? field.value : "";
}

/**
 * The form's state and what a submission does: check the fields and the verification answer
 * (then focus the error summary), store one row, and say how it went: in a toast, and where
 * the form was once it is stored.
 */
export function useContactForm(source: FormSource) {
  const { content, language } = useLanguage();
  const outcome =
    source === "Contact Page"
      ? { sent: content.toasts.contactSent, failed: content.toasts.contactFailed }
      : { sent: content.toasts.registrationSent, failed: content.toasts.registrationFailed };

  // Not useId(): the error summary links to each field by its fragment (`#contact-email`), a
  // readable address that stays the same whatever else the page renders. One form a page: its
  // source makes the ids unique.
  const idPrefix = source === "Contact Page" ? "contact" : "registration";
  const fieldId = (field: ContactField) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<ContactValues>(() => typedBeforeHydration(source));
  const [shownOutcome, setShownOutcome] = useState(() => outcomeBeforeHydration(source));
  // What our server found in a form posted without scripts stays on its fields once awake.
  const [errors, setErrors] = useState<FieldErrors>(() =>
    Object.fromEntries(
      (shownOutcome?.errors ?? []).map((error) => [contactErrorFields[error], error]),
    ),
  );
  const [submitting, setSubmitting] = useState(false);
  /** The address a stored submission gave, while the form says it was received. */
  const [sentTo, setSentTo] = useState<string>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const update =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [field]: asTyped(field, event.target.value) };
      setValues(next);
      // A field's error goes as soon as the field is right; new errors wait for the next submit.
      if (errors[field] && !validateContact(next)[field]) {
        setErrors((current) => {
          const remaining = { ...current };
          delete remaining[field];
          return remaining;
        });
      }
    };

  const focusField = (field: ContactField) =>
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setShownOutcome(undefined);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.answer === "answerWrong") {
        toast({ ...content.toasts.verificationFailed, variant: "destructive" });
      }
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSubmitting(true);
    const result = await sendSubmission({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      message: values.message.trim(),
      form_source: source,
      website: honeypotValue(formRef.current),
      language,
    });
    setSubmitting(false);
    if (result.kind === "stored") {
      toast(outcome.sent);
      setSentTo(values.email.trim());
      setValues(emptyContactValues);
    } else if (result.kind === "tooMany") {
      const { title, description } = content.toasts.tooManyMessages;
      const wait = result.retryInSeconds && formatWait(language, result.retryInSeconds);
      toast({ title, description: description(wait || undefined), variant: "destructive" });
    } else {
      toast({ ...outcome.failed, variant: "destructive" });
    }
  }

  /** Brings the form back, empty, from the note that the last one was received. */
  function writeAgain() {
    setSentTo(undefined);
    requestAnimationFrame(() => focusField("name"));
  }

  return {
    values,
    sentTo,
    writeAgain,
    errors,
    submitting,
    shownOutcome,
    fieldId,
    update,
    focusField,
    submit,
    summaryRef,
    formRef,
  };
}
