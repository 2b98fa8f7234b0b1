import { Link } from "react-router";
import { useInboxContent } from "../content/use-inbox-content.ts";
import type { MailState } from "../api/inbox-queries.ts";
import { formatCount, formatDateTime } from "../../../components/team/format.ts";
import type { InboxAddress } from "../model/filter.ts";
import { formatNumber } from "../../../lib/format.ts";

interface MailStateNoticeProps {
  state: MailState | undefined;
  hrefFor: (next: Partial<InboxAddress>) => string;
}

/** Says when mail is off and lists the mails that failed; nothing when all is well. */
export function MailStateNotice({ state, hrefFor }: MailStateNoticeProps) {
  const { language, text } = useInboxContent();
  if (!state || (state.on && state.failed.count === 0)) return null;
  const { rows, count } = state.failed;
  return (
    <section
      aria-labelledby="mail-state"
      className="grid gap-1 rounded-2xl border-s-4 border-gold-500 bg-paper px-4 py-3 sm:gap-3 sm:p-5"
    >
      <h2 id="mail-state" className="font-bold text-ink-900 max-sm:sr-only sm:text-xl">
        {text.mail.title}
      </h2>
      {!state.on && (
        <p role="status" className="text-sm font-semibold text-ink-900 sm:text-base">
          {text.mail.off}
        </p>
      )}
      {count > 0 && (
        <>
          <p role="status" className="text-ink-800">
            {formatCount(language, count, text.mail.failed)}
          </p>
          <ul className="grid gap-3">
            {rows.map((mail) => (
              <li key={mail.id} className="grid gap-1 border-t border-ink-900/10 pt-3">
                <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                  <span className="font-semibold text-ink-900">{text.mail.kinds[mail.kind]}</span>
                  <time dateTime={mail.created_at} className="text-sm text-ink-700">
                    {formatDateTime(language, mail.created_at)}
                  </time>
                  <span className="text-sm text-ink-700">
                    {formatCount(language, mail.attempts, text.mail.attempts)}
                  </span>
                  {mail.submission_id !== null && (
                    <Link
                      to={hrefFor({ open: mail.submission_id })}
                      className="inline-flex min-h-6 items-center text-sm font-semibold text-ink-900 underline underline-offset-4 hover:text-gold-800"
                    >
                      {text.mail.submission(formatNumber(language, mail.submission_id))}
                    </Link>
                  )}
                </p>
                {mail.last_error && (
                  <p className="text-sm wrap-anywhere text-ink-800">
                    {text.mail.lastError}{" "}
                    <bdi dir="ltr" className="font-mono">
                      {mail.last_error}
                    </bdi>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
