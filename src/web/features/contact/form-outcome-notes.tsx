import {
  contactErrorFields,
  contactErrors,
  outcomeAnchor,
  type ContactError,
  type ContactField,
  type FormOutcome,
} from "../../../shared/form-checks.ts";
import type { FormSource } from "../../../shared/contact-submission.ts";
import type { ToastText } from "../../content/types.ts";
import { useLanguage } from "../../language/use-language.ts";
import { useHydrated } from "../../lib/wake-up.tsx";

export interface ShownOutcome {
  outcome: FormOutcome;
  errors: readonly ContactError[];
}

interface FormOutcomeNotesProps {
  source: FormSource;
  shown: ShownOutcome | undefined;
  fieldId: (field: ContactField) => string;
  onSelect: (field: ContactField) => void;
}

const failure =
  "rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-gold-400";

/**
 * How a form posted without scripts ended. Every note is prerendered hidden, in the page's
 * language; our server shows the one that happened (src/server/site/form-post.ts) and focuses a
 * refusal as the page opens. Once the app is awake only a shown note stays in the page: the
 * toasts, the error summary and the sent panel say the rest.
 */
export function FormOutcomeNotes({ source, shown, fieldId, onSelect }: FormOutcomeNotesProps) {
  const { content } = useLanguage();
  const hydrated = useHydrated();
  const kept = (outcome: FormOutcome) => !hydrated || shown?.outcome === outcome;
  const toasts = content.toasts;
  // Without scripts the page cannot count down, so the limit's note says "later".
  const tooMany: ToastText = {
    title: toasts.tooManyMessages.title,
    description: toasts.tooManyMessages.description(undefined),
  };
  const failed = source === "Contact Page" ? toasts.contactFailed : toasts.registrationFailed;
  const sent = source === "Contact Page" ? content.form.sent.contact : content.form.sent.mutakallim;
  const notes: Record<Exclude<FormOutcome, "invalid" | "sent">, ToastText> = { tooMany, failed };
  return (
    <div id={outcomeAnchor} className="grid gap-4">
      {kept("sent") && (
        <div
          data-outcome="sent"
          hidden={shown?.outcome !== "sent"}
          role="status"
          className="grid gap-2 rounded-xl border-2 border-gold-600 bg-paper-200 p-4 text-ink-950"
        >
          <h3 className="font-semibold">{sent.title}</h3>
          <p>{sent.text}</p>
          {sent.next && <p className="text-ink-800">{sent.next}</p>}
        </div>
      )}
      {(Object.keys(notes) as (keyof typeof notes)[]).filter(kept).map((outcome) => (
        <div
          key={outcome}
          data-outcome={outcome}
          hidden={shown?.outcome !== outcome}
          role="alert"
          tabIndex={-1}
          className={failure}
        >
          <h3 className="font-semibold">{notes[outcome].title}</h3>
          <p>{notes[outcome].description}</p>
        </div>
      ))}
      {kept("invalid") && (
        <div
          data-outcome="invalid"
          hidden={shown?.outcome !== "invalid"}
          role="alert"
          tabIndex={-1}
          className={failure}
        >
          <h3 className="mb-2 font-semibold">{content.form.errorSummaryTitle}</h3>
          <ul className="grid list-disc gap-1 ps-5">
            {contactErrors.map((error) => (
              <li key={error} data-error={error} hidden={!shown?.errors.includes(error)}>
                <a
                  href={`#${fieldId(contactErrorFields[error])}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onSelect(contactErrorFields[error]);
                  }}
                  className="underline underline-offset-4"
                >
                  {content.form.errors[error]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
