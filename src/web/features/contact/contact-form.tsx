import { contactLimits, type FormSource } from "../../../shared/contact-submission.ts";
import { FormField } from "../../components/ui/form-field.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { getSupabase } from "../../lib/supabase-client.ts";
import { useHydrated } from "../../lib/wake-up.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { FormOutcomeNotes } from "./form-outcome-notes.tsx";
import { FormSent } from "./form-sent.tsx";
import { HoneypotField } from "./honeypot-field.tsx";
import { PrivacyNote } from "./privacy-note.tsx";
import { useContactForm } from "./use-contact-form.ts";
import { contactErrorFields, contactErrors } from "../../../shared/form-checks.ts";
import { contactFields, type ContactField } from "./validate.ts";

interface ContactFormProps {
  source: FormSource;
}

const inputClasses =
  "min-h-12 w-full rounded-xl border border-ink-900/25 bg-white px-4 py-3 text-ink-950 shadow-inner shadow-ink-900/5 transition-colors placeholder:text-ink-700/60 hover:border-ink-900/50 focus:border-gold-600 focus:outline-3 focus:outline-offset-0 focus:outline-gold-400/60 aria-invalid:border-red-700";

/**
 * Built for a hosted Supabase project, no server of ours receives a form posted without scripts:
 * there the form sends only once the app is awake.
 */
const postsWithoutScripts = !import.meta.env.VITE_SUPABASE_URL;

/** The contact and registration form: checks, asks the verification question, stores one row. */
export function ContactForm({ source }: ContactFormProps) {
  const { content } = useLanguage();
  const text = content.form;
  const labels = source === "Contact Page" ? text.contact : text.mutakallim;
  const {
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
  } = useContactForm(source);
  const hydrated = useHydrated();

  if (sentTo !== undefined) {
    const sent = source === "Contact Page" ? text.sent.contact : text.sent.mutakallim;
    return <FormSent text={sent} email={sentTo} onAgain={writeAgain} />;
  }

  const errorFor = (field: ContactField) => {
    const key = errors[field];
    return key ? text.errors[key] : undefined;
  };
  const listedErrors = contactFields.filter((field) => errors[field]);
  const possibleErrors = (field: ContactField) =>
    Object.fromEntries(
      contactErrors
        .filter((error) => contactErrorFields[error] === field)
        .map((error) => [error, text.errors[error]]),
    );
  const fieldErrors = (field: ContactField) => ({
    error: errorFor(field),
    possibleErrors: possibleErrors(field),
  });

  return (
    // Posted to the page's own address when scripts have not run: our server checks and stores
    // it (src/server/site/form-post.ts). Never `get`: a message must not travel in an address.
    <form
      ref={formRef}
      method="post"
      data-form-source={source}
      noValidate
      // submit answers every failure as an outcome the visitor reads (sendSubmission never
      // rejects), and the team's reportRejection stays out of the public pages' scripts.
      onSubmit={(event) => void submit(event)}
      onFocus={() => void getSupabase().catch(() => {})}
      className="grid gap-6"
    >
      <FormOutcomeNotes
        source={source}
        shown={shownOutcome}
        fieldId={fieldId}
        onSelect={focusField}
      />
      {listedErrors.length > 0 && shownOutcome?.outcome !== "invalid" && (
        <ErrorSummary
          title={text.errorSummaryTitle}
          problems={listedErrors.map((field) => ({
            field,
            fieldId: fieldId(field),
            message: errorFor(field),
          }))}
          onSelect={focusField}
          focusRef={summaryRef}
        />
      )}

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId("name")} label={text.name} required {...fieldErrors("name")}>
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
        <FormField id={fieldId("email")} label={text.email} required {...fieldErrors("email")}>
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
      <FormField id={fieldId("message")} label={text.message} required {...fieldErrors("message")}>
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
        {...fieldErrors("answer")}
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
      <HoneypotField label={text.website} />

      <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <button
          type="submit"
          disabled={submitting || (!postsWithoutScripts && !hydrated)}
          className="inline-flex min-h-12 items-center justify-center gap-2 justify-self-start rounded-full bg-gold-400 px-8 py-3 text-base font-bold text-ink-950 shadow-lg shadow-gold-700/20 transition hover:bg-gold-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 disabled:cursor-wait disabled:opacity-70"
        >
          {submitting ? labels.submitting : labels.submit}
        </button>
        <PrivacyNote />
      </div>
    </form>
  );
}
