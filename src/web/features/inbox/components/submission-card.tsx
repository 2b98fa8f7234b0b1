import { Link } from "react-router";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { formatDateTime } from "../../../components/team/format.ts";
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
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/**
 * One submission in the list: the whole card opens it, its name is the link; one nobody has
 * opened stands out. Its box selects it for an action on several.
 */
export function SubmissionCard({ submission, href, selected, onSelect }: SubmissionCardProps) {
  const { language, text } = useInboxContent();
  const unread = !submission.seen;
  return (
    <li
      className={`relative grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-2 rounded-2xl p-4 shadow-md shadow-ink-950/5 transition-shadow focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ink-900 hover:shadow-lg sm:p-5 ${unread ? "bg-white ring-2 ring-gold-400/70" : "bg-paper"}`}
    >
      {/* The box's label reaches past it, so a thumb finds 44 px without the card moving. */}
      <label className="relative z-10 -m-2.5 flex size-11 cursor-pointer items-center justify-center self-start">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={text.list.selectOne(submission.name)}
          className="size-6 cursor-pointer accent-ink-900"
        />
      </label>
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2
            className={`min-w-0 text-lg wrap-anywhere text-ink-950 ${unread ? "font-extrabold" : "font-bold"}`}
          >
            <Link
              to={href}
              data-submission={submission.id}
              className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
            >
              <bdi>{submission.name}</bdi>
            </Link>
          </h2>
          {unread && (
            <span className="rounded-full bg-ink-900 px-2.5 py-0.5 text-xs font-bold text-paper">
              {text.list.unreadMark}
            </span>
          )}
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
      </div>
    </li>
  );
}
