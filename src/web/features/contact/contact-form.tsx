import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { contactLimits, type FormSource } from "../../../shared/contact-submission.ts";
import { FormField } from "../../components/ui/form-field.tsx";
import { getSupabase } from "../../lib/supabase-client.ts";
import { useLanguage } from "../../language/use-language.ts";
import { toast } from "../../toast/toast-store.ts";
import { sendSubmission } from "./api/send-submission.ts";
import {
  emptyContactValues,
  isHumanAnswer,
  validateContact,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from "./validate.ts";

interface ContactFormProps {
  source: FormSource;
}

const fieldOrder: ContactField[] = ["name", "email", "phone", "message", "answer"];

/**
 * What the visitor typed into the prerendered form before the app woke up (hydration starts on
 * the first interaction and may finish while they type on). Read while hydration renders,
 * before it commits: committing writes the state into a textarea's value, so anything read
 * afterwards would already be gone.
 */
function typedBeforeHydration(source: FormSource): ContactValues {
  if (typeof document === "undefined") return emptyContactValues;
  const form = document.querySelector<HTMLFormElement>(`form[data-form-source="${source}"]`);
  if (!form) return emptyContactValues;
  return Object.fromEntries(
    fieldOrder.map((field) => [
      field,
      form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`)?.value ?? "",
    ]),
  ) as unknown as ContactValues;
}

const inputClasses =
  "min-h-12 w-full rounded-xl border border-ink-900/25 bg-white px-4 py-3 text-ink-950 shadow-inner shadow-ink-900/5 transition-colors placeholder:text-ink-700/60 hover:border-ink-900/50 focus:border-gold-600 focus:outline-3 focus:outline-offset-0 focus:outline-gold-400/60 aria-invalid:border-red-700";

/** The contact and registration form: checks, asks the verification question, stores one row. */
export function ContactForm({ source }: ContactFormProps) {
  const { content } = useLanguage();
  const text = content.form;
  const labels = source === "Contact Page" ? text.contact : text.mutakallim;
  const outcome =
    source === "Contact Page"
      ? { sent: content.toasts.contactSent, failed: content.toasts.contactFailed }
      : { sent: content.toasts.registrationSent, failed: content.toasts.registrationFailed };

  const idPrefix = useId();
  const fieldId = (field: ContactField) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<ContactValues>(() => typedBeforeHydration(source));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const update =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const focusField = (field: ContactField) =>
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    if (!isHumanAnswer(values.answer)) {
      toast({ ...content.toasts.verificationFailed, variant: "destructive" });
      focusField("answer");
      return;
    }
    setSubmitting(true);
    const failure = await sendSubmission({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || null,
      message: values.message.trim(),
      form_source: source,
    });
    setSubmitting(false);
    if (failure === null) {
      toast(outcome.sent);
      setValues(emptyContactValues);
    } else {
      toast({ ...outcome.failed, variant: "destructive" });
    }
  }

  const errorFor = (field: ContactField) => {
    const key = errors[field];
    return key ? text.errors[key] : undefined;
  };
  const listedErrors = fieldOrder.filter((field) => errors[field]);

  return (
    <form
      ref={formRef}
      data-form-source={source}
      noValidate
      onSubmit={submit}
      onFocus={() => void getSupabase().catch(() => {})}
      className="grid gap-6"
    >
      {listedErrors.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-gold-400"
        >
          <h3 className="mb-2 font-semibold">{text.errorSummaryTitle}</h3>
          <ul className="grid list-disc gap-1 ps-5">
            {listedErrors.map((field) => (
              <li key={field}>
                <a
                  href={`#${fieldId(field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(field);
                  }}
                  className="underline underline-offset-4"
                >
                  {errorFor(field)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId("name")} label={text.name} required error={errorFor("name")}>
          {(control) => (
            <input
              {...control}
              name="name"
              type="text"
              required
              autoComplete="name"
              dir="auto"
              maxLength={contactLimits.name.max}
              value={values.name}
              onChange={update("name")}
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField id={fieldId("email")} label={text.email} required error={errorFor("email")}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              required
              autoComplete="email"
              dir="ltr"
              maxLength={contactLimits.email.max}
              value={values.email}
              onChange={update("email")}
              className={`${inputClasses} ltr-field`}
            />
          )}
        </FormField>
      </div>
      <FormField id={fieldId("phone")} label={text.phone} optionalText={text.optional}>
        {(control) => (
          <input
            {...control}
            name="phone"
            type="tel"
            autoComplete="tel"
            dir="ltr"
            maxLength={contactLimits.phone.max}
            value={values.phone}
            onChange={update("phone")}
            className={`${inputClasses} ltr-field`}
          />
        )}
      </FormField>
      <FormField id={fieldId("message")} label={text.message} required error={errorFor("message")}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            required
            dir="auto"
            rows={5}
            maxLength={contactLimits.message.max}
            value={values.message}
            onChange={update("message")}
            className={`${inputClasses} resize-y`}
          />
        )}
      </FormField>
      <FormField
        id={fieldId("answer")}
        label={text.question}
        required
        hint={text.questionHint}
        error={errorFor("answer")}
      >
        {(control) => (
          <input
            {...control}
            name="answer"
            type="text"
            inputMode="numeric"
            required
            autoComplete="off"
            maxLength={10}
            value={values.answer}
            onChange={update("answer")}
            className={`${inputClasses} max-w-40`}
          />
        )}
      </FormField>

      <button
        type="submit"
        disabled={submitting}
        className="inline-flex min-h-12 items-center justify-center gap-2 justify-self-start rounded-full bg-gold-400 px-8 py-3 text-base font-bold text-ink-950 shadow-lg shadow-gold-700/20 transition hover:bg-gold-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 disabled:cursor-wait disabled:opacity-70"
      >
        {submitting ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
