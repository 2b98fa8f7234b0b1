import { Link } from "react-router";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { formatDateTime } from "../model/format.ts";
import type { Submission } from "../model/submission.ts";
import { StatusBadge } from "./status-badge.tsx";

/** How much of a message the list shows. */
const excerptLength = 180;

function excerpt(message: string): string {
  const flat = message.replace(/\s+/gu, " ").trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength).trimEnd()}…` : flat;
}

interface SubmissionCardProps {
  submission: Submission;
  href: string;
}

/** One submission in the list: the whole card opens it, its name is the link. */
export function SubmissionCard({ submission, href }: SubmissionCardProps) {
  const { language, text } = useInboxContent();
  return (
    <li className="relative grid min-w-0 gap-2 rounded-2xl bg-paper p-4 shadow-md shadow-ink-950/5 transition-shadow focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ink-900 hover:shadow-lg sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-lg font-bold wrap-anywhere text-ink-950">
          <Link
            to={href}
            data-submission={submission.id}
            className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
          >
            <bdi>{submission.name}</bdi>
          </Link>
        </h2>
        <StatusBadge status={submission.status} />
        <time dateTime={submission.created_at} className="ms-auto text-sm text-ink-700">
          {formatDateTime(language, submission.created_at)}
        </time>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
        <bdi className="break-all">{submission.email}</bdi>
        <span className="font-semibold text-ink-800">{text.forms[submission.form_source]}</span>
      </p>
      <p dir="auto" className="wrap-anywhere text-ink-900">
        {excerpt(submission.message)}
      </p>
    </li>
  );
}
