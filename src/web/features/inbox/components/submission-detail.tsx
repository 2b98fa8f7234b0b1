import type { ReactNode } from "react";
import { Link } from "react-router";
import { normaliseDigits } from "../../../../shared/digits.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useSubmission } from "../hooks/use-submission.ts";
import { formatDateTime } from "../model/format.ts";
import type { Submission } from "../model/submission.ts";
import { BackArrow } from "./back-arrow.tsx";
import { ChangeHistory } from "./change-history.tsx";
import { NotSpamButton } from "./not-spam-button.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { StepHeading } from "./step-heading.tsx";
import { card, primaryButton, secondaryButton } from "./styles.ts";
import { TriageForm } from "./triage-form.tsx";

interface SubmissionDetailProps {
  id: number;
  backHref: string;
  onSaved: (row: Submission) => void;
}

function mailto(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replaceAll("%40", "@")}?subject=${encodeURIComponent(subject)}`;
}

function tel(phone: string): string {
  return `tel:${normaliseDigits(phone).replace(/[^\d+]/gu, "")}`;
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-semibold text-ink-700">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-ink-950">
        <span dir="auto">{children}</span>
      </dd>
    </div>
  );
}

/** One submission whole: who, how to answer them, the message, its triage and history. */
export function SubmissionDetail({ id, backHref, onSaved }: SubmissionDetailProps) {
  const { language, text } = useInboxContent();
  const { result, refresh } = useSubmission(id);
  const submission = result.data?.submission;
  const confirmation = result.data?.confirmation;

  const back = (
    <Link to={backHref} className={`${secondaryButton} justify-self-start`}>
      <BackArrow />
      {text.detail.back}
    </Link>
  );

  if (!submission) {
    const message =
      result.state === "loading"
        ? text.detail.loading
        : result.state === "failed"
          ? text.list.failed
          : text.detail.notFound;
    return (
      <div className="grid gap-6">
        {back}
        <p role="status" className={`${card} text-ink-800`}>
          {message}
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {back}
      <article aria-labelledby="submission-name" className={`grid gap-6 ${card}`}>
        <div className="flex flex-wrap items-center gap-3">
          <StepHeading
            focus
            id="submission-name"
            level={2}
            face="text"
            className="min-w-0 wrap-anywhere"
          >
            <bdi>{submission.name}</bdi>
          </StepHeading>
          <StatusBadge status={submission.status} />
          {submission.status === "spam" && (
            <NotSpamButton
              submission={submission}
              onSaved={(row) => {
                onSaved(row);
                refresh();
              }}
            />
          )}
        </div>
        <dl className="grid gap-3">
          <Field term={text.detail.email}>
            <a
              href={mailto(submission.email, text.detail.replySubject)}
              className="break-all underline underline-offset-4"
            >
              {submission.email}
            </a>
          </Field>
          {submission.phone && (
            <Field term={text.detail.phone}>
              <a href={tel(submission.phone)} className="underline underline-offset-4">
                {submission.phone}
              </a>
            </Field>
          )}
          <Field term={text.detail.form}>{text.forms[submission.form_source]}</Field>
          <Field term={text.detail.received}>
            <time dateTime={submission.created_at}>
              {formatDateTime(language, submission.created_at)}
            </time>
          </Field>
          {confirmation && (
            <Field term={text.detail.confirmation}>
              {confirmation.status === "withheld"
                ? text.detail.confirmationWithheld[confirmation.reason]
                : text.detail.confirmationState[confirmation.status]}
            </Field>
          )}
        </dl>
        <section aria-labelledby="submission-message" className="grid gap-2">
          <h3 id="submission-message" className="text-xl font-bold text-ink-900">
            {text.detail.message}
          </h3>
          <p
            dir="auto"
            className="rounded-2xl bg-white p-4 whitespace-pre-wrap wrap-anywhere text-ink-950 shadow-inner shadow-ink-900/5"
          >
            {submission.message}
          </p>
        </section>
        <div className="flex flex-wrap gap-3">
          <a href={mailto(submission.email, text.detail.replySubject)} className={primaryButton}>
            {text.detail.reply}
          </a>
          {submission.phone && (
            <a href={tel(submission.phone)} className={secondaryButton}>
              {text.detail.call}
            </a>
          )}
        </div>
        <TriageForm
          key={submission.id}
          submission={submission}
          onSaved={(row) => {
            onSaved(row);
            refresh();
          }}
        />
        <ChangeHistory changes={result.data?.changes ?? []} />
      </article>
    </div>
  );
}
