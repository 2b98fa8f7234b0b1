import { Paperclip } from "lucide-react";
import { formatDateTime } from "../../../components/team/format.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import type { ThreadMessage } from "../model/thread.ts";

const textClasses = "whitespace-pre-wrap wrap-anywhere text-ink-950 [unicode-bidi:plaintext]";

/**
 * One message of the conversation: a member's reply with its delivery, or what came back by
 * mail, the visitor's answer with the mail it quoted folded under it and its attachments listed
 * (an automatic reply and spam are said to be so, and drawn quieter).
 */
export function ThreadEntry({ message }: { message: ThreadMessage }) {
  const { language, text } = useInboxContent();
  const words = text.thread;
  const out = message.direction === "out";
  const machine = !out && message.kind !== null && message.kind !== "answer";
  const attachments = message.attachments ?? [];
  return (
    <li
      className={`grid gap-2 rounded-2xl p-4 ${
        out
          ? "border-s-4 border-gold-500 bg-paper-200/60"
          : machine
            ? "border border-dashed border-ink-700/40 bg-paper text-ink-800"
            : "bg-white shadow-inner shadow-ink-900/5"
      }`}
    >
      <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm text-ink-700">
        <span className="font-semibold text-ink-900">
          {out
            ? words.from(message.author_name ?? message.author_email ?? "")
            : message.kind === "auto"
              ? words.automatic
              : message.kind === "spam"
                ? words.spamAnswer
                : words.answer}
        </span>
        {!out && message.from_address && (
          <bdi dir="ltr" className="break-all">
            {message.from_address}
          </bdi>
        )}
        <time dateTime={message.created_at}>{formatDateTime(language, message.created_at)}</time>
      </p>
      <p dir="auto" className={textClasses}>
        {message.body}
      </p>
      {message.quoted && (
        <details className="group text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-ink-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-700">
            {words.quoted}
          </summary>
          <p dir="auto" className={`${textClasses} border-s-2 border-ink-700/30 ps-3 text-ink-700`}>
            {message.quoted}
          </p>
        </details>
      )}
      {attachments.length > 0 && (
        <div className="grid gap-1 text-sm text-ink-700">
          <p className="font-semibold text-ink-800">{words.attachments(attachments.length)}</p>
          <ul className="grid gap-1">
            {attachments.map((attachment, index) => (
              <li key={`${index}-${attachment.name}`} className="flex items-center gap-2">
                <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                <bdi dir="auto" className="wrap-anywhere">
                  {attachment.name || words.unnamed}
                </bdi>
                {attachment.size > 0 && <span>{formatSize(language, attachment.size)}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {out && message.delivery && (
        <p
          className={`text-sm ${message.delivery === "failed" ? "font-semibold text-red-800" : "text-ink-700"}`}
        >
          {words.delivery[message.delivery]}
          {message.delivery_error &&
            (message.delivery === "retrying" || message.delivery === "failed") && (
              <>
                {" "}
                <bdi dir="ltr" className="font-mono wrap-anywhere">
                  {message.delivery_error}
                </bdi>
              </>
            )}
        </p>
      )}
    </li>
  );
}

function formatSize(language: string, bytes: number): string {
  const kilobytes = bytes / 1024;
  const [value, unit] =
    kilobytes >= 1024 ? [kilobytes / 1024, "megabyte"] : [Math.max(1, kilobytes), "kilobyte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
