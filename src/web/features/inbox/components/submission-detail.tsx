import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { normaliseDigits } from "../../../../shared/digits.ts";
import { inboxTextIn, useInboxContent } from "../content/use-inbox-content.ts";
import { useMailState } from "../hooks/use-mail-state.ts";
import { useSubmission } from "../hooks/use-submission.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { othersLine, type LiveInbox, type OthersWork } from "../model/live-inbox.ts";
import type { Submission } from "../model/submission.ts";
import { BackArrow } from "./back-arrow.tsx";
import { ChangeHistory } from "./change-history.tsx";
import { NotSpamButton } from "./not-spam-button.tsx";
import { SubmissionActions } from "./submission-actions.tsx";
import { updateSubmission } from "../api/update-submission.ts";
import { StatusBadge } from "./status-badge.tsx";
import { StepHeading } from "./step-heading.tsx";
import { card, primaryButton, secondaryButton } from "../../../components/team/styles.ts";
import { ReplyThread } from "./reply-thread.tsx";
import { TriageForm } from "./triage-form.tsx";

interface SubmissionDetailProps {
  id: number;
  backHref: string;
  onSaved: (row: Submission) => void;
  onRemoved: () => void;
  /** What other members did to it while it was open. */
  others?: OthersWork;
  /** It was deleted while open. */
  removal?: LiveInbox["removal"];
}

/** How much of the message a reply quotes: mail clients cut long mailto addresses. */
const quotedLength = 1000;

/**
 * A reply in the visitor's language (the page they wrote from), quoting what they wrote.
 */
function replyHref(submission: Submission): string {
  const words = inboxTextIn(submission.language).detail;
  const message =
    submission.message.length > quotedLength
      ? `${submission.message.slice(0, quotedLength)}…`
      : submission.message;
  const body = [
    "",
    "",
    words.replyQuote(submission.name, formatDateTime(submission.language, submission.created_at)),
    ...message.split("\n").map((line) => `> ${line}`),
  ].join("\r\n");
  const address = encodeURIComponent(submission.email).replaceAll("%40", "@");
  return `mailto:${address}?subject=${encodeURIComponent(words.replySubject)}&body=${encodeURIComponent(body)}`;
}

function tel(phone: string): string {
  return `tel:${normaliseDigits(phone).replace(/[^\d+]/gu, "")}`;
}

/**
 * One fact of the submission. A visitor's words take the direction of their own first letter;
 * an address or a number (`ltr`) reads left to right on an Arabic page too.
 */
function Field({
  term,
  ltr = false,
  children,
}: {
  term: string;
  ltr?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-semibold text-ink-700">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-ink-950">
        <bdi dir={ltr ? "ltr" : "auto"}>{children}</bdi>
      </dd>
    </div>
  );
}

/** One submission whole: who, how to answer them, the message, its triage and history. */
export function SubmissionDetail({
  id,
  backHref,
  onSaved,
  onRemoved,
  others,
  removal,
}: SubmissionDetailProps) {
  const { language, text } = useInboxContent();
  const nameOf = useTeamNames();
  const { result, refresh } = useSubmission(id);
  const submission = result.data?.submission;
  const confirmation = result.data?.confirmation;
  // With mail off, a confirmation waiting to be sent never will be.
  const mailOn = useMailState().state?.on;
  const mailOff = mailOn === false;
  // Replies are written here where a worker of ours delivers mail; elsewhere (mail off, or a
  // hosted project with no worker) the member's own mail app answers, as before.
  const thread = result.data?.thread ?? [];

  // Opening a submission marks it seen for the whole team.
  const unseen = submission && !submission.seen ? submission.id : undefined;
  useEffect(() => {
    if (unseen === undefined) return;
    updateSubmission(unseen, { seen: true }).then(onSaved, () => {});
  }, [unseen, onSaved]);

  const back = (
    <Link to={backHref} className={`${secondaryButton} justify-self-start`}>
      <BackArrow />
      {text.detail.back}
    </Link>
  );

  // Taken by another member while open: said, rather than vanishing.
  if (removal && !removal.mine) {
    return (
      <div className="grid gap-6">
        {back}
        <p className={`${card} font-semibold text-ink-900`}>
          {othersLine({ by: removal.by ?? null, deleted: true }, text.live, text.statuses, nameOf)}
        </p>
      </div>
    );
  }

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
        {/* Beside the status it explains, where a phone shows it without scrolling. */}
        {others && !others.deleted && (
          <p className="rounded-xl border-s-4 border-gold-600 bg-gold-200/50 px-4 py-3 font-semibold wrap-anywhere text-ink-900">
            {othersLine(others, text.live, text.statuses, nameOf)}
          </p>
        )}
        <dl className="grid gap-3">
          <Field term={text.detail.email} ltr>
            <a href={replyHref(submission)} className="break-all underline underline-offset-4">
              {submission.email}
            </a>
          </Field>
          {submission.phone && (
            <Field term={text.detail.phone} ltr>
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
                : confirmation.status === "pending" && mailOff
                  ? text.detail.confirmationMailOff
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
            className="rounded-2xl bg-white p-4 whitespace-pre-wrap wrap-anywhere text-ink-950 shadow-inner shadow-ink-900/5 [unicode-bidi:plaintext]"
          >
            {submission.message}
          </p>
        </section>
        {(mailOn === true || thread.length > 0) && (
          <ReplyThread
            key={`reply-${submission.id}`}
            submission={submission}
            thread={thread}
            canWrite={mailOn === true}
            onSent={refresh}
          />
        )}
        <div className="flex flex-wrap gap-3">
          {mailOn !== true && (
            <a href={replyHref(submission)} className={primaryButton}>
              {text.detail.reply}
            </a>
          )}
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
        <SubmissionActions
          submission={submission}
          backHref={backHref}
          onSaved={onSaved}
          onRemoved={onRemoved}
        />
      </article>
    </div>
  );
}
