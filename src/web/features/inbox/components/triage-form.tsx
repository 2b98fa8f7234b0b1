import { reportRejection } from "../../../components/team/report-rejection.ts";
import { SubmitButton } from "./submit-button.tsx";
import { useId, useRef, useState, type FormEvent } from "react";
import { useAuth } from "../../../auth/use-auth.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { toast } from "../../../toast/toast-store.ts";
import { updateSubmission } from "../api/update-submission.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { dropDraft, keepDraft, keepTyped, readDraft, type NoteDraft } from "../model/note-draft.ts";
import { submissionStatuses, type Submission, type SubmissionStatus } from "../model/submission.ts";
import { fieldClasses, secondaryButton } from "../../../components/team/styles.ts";

/** The database's limit on a note. */
const noteLimit = 5000;

interface TriageFormProps {
  submission: Submission;
  onSaved: (row: Submission) => void;
}

/**
 * The team's part of a submission: its status and an internal note. A note typed and not saved
 * is kept in this browser (an idle sign-out must not lose it) and offered back, never applied
 * unasked, when the submission is opened again.
 */
export function TriageForm({ submission, onSaved }: TriageFormProps) {
  const { text, language } = useInboxContent();
  const { session } = useAuth();
  const userId = session?.user.id ?? "";
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [status, setStatus] = useState<SubmissionStatus>(submission.status);
  const [note, setNote] = useState(submission.note);
  // Saved anew (here, or by another member): a field this member has not touched shows what
  // was saved; one they are changing keeps what they typed.
  const [saved, setSaved] = useState({ status: submission.status, note: submission.note });
  if (saved.status !== submission.status || saved.note !== submission.note) {
    setSaved({ status: submission.status, note: submission.note });
    setStatus(keepTyped(status, saved.status, submission.status));
    setNote(keepTyped(note, saved.note, submission.note));
  }
  const [busy, setBusy] = useState(false);
  const [offered, setOffered] = useState<NoteDraft | undefined>(() =>
    userId ? readDraft(userId, submission.id, submission.note) : undefined,
  );
  const noteField = useRef<HTMLTextAreaElement>(null);

  function type(value: string) {
    setNote(value);
    if (userId) keepDraft(userId, submission.id, value, submission.note);
  }

  function restore(draft: NoteDraft) {
    setOffered(undefined);
    type(draft.note);
    noteField.current?.focus();
  }

  function discard() {
    setOffered(undefined);
    if (userId) keepDraft(userId, submission.id, note, submission.note);
    noteField.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const row = await updateSubmission(submission.id, { status, note });
      if (userId) dropDraft(userId, submission.id);
      setOffered(undefined);
      toast({ title: text.detail.saved });
      onSaved(row);
    } catch (error) {
      toast({
        title: text.detail.saveFailed,
        description: describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => reportRejection(submit(event))}
      aria-labelledby={`${id}-title`}
      className="grid gap-5 rounded-2xl border border-ink-900/10 bg-paper-200/60 p-4 sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-xl font-bold text-ink-900">
        {text.detail.triage}
      </h3>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-ink-900">{text.detail.status}</legend>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {submissionStatuses.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink-900/25 bg-white px-4 py-2 text-ink-900 has-checked:border-ink-900 has-checked:bg-ink-900 has-checked:text-paper has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-600"
            >
              <input
                type="radio"
                name={`${id}-status`}
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                className="size-4 accent-gold-500"
              />
              {text.statuses[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {offered && (
        <div className="grid gap-3 rounded-xl border-s-4 border-gold-600 bg-gold-200/50 px-4 py-3">
          <p className="font-semibold text-ink-900">
            {text.draft.found(formatDateTime(language, offered.at))}
          </p>
          <p
            dir="auto"
            className="line-clamp-4 whitespace-pre-wrap break-words text-ink-900 [unicode-bidi:plaintext]"
          >
            {offered.note}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={() => restore(offered)} className={secondaryButton}>
              {text.draft.restore}
            </button>
            <button type="button" onClick={discard} className={secondaryButton}>
              {text.draft.discard}
            </button>
          </div>
        </div>
      )}
      <FormField id={`${id}-note`} label={text.detail.note} hint={text.detail.noteHint}>
        {(control) => (
          <textarea
            {...control}
            dir="auto"
            rows={4}
            maxLength={noteLimit}
            ref={noteField}
            value={note}
            onChange={(event) => type(event.target.value)}
            className={`${fieldClasses} resize-y [unicode-bidi:plaintext]`}
          />
        )}
      </FormField>
      <SubmitButton busy={busy} label={text.detail.save} busyLabel={text.detail.saving} />
    </form>
  );
}
