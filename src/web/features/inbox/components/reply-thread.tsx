import { useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useAuth } from "../../../auth/use-auth.ts";
import { reportRejection } from "../../../components/team/report-rejection.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { fieldClasses, secondaryButton } from "../../../components/team/styles.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { toast } from "../../../toast/toast-store.ts";
import { sendReply } from "../api/send-reply.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { dropDraft, keepDraft, readDraft } from "../model/note-draft.ts";
import type { Submission } from "../model/submission.ts";
import { nameInMetadata } from "../../../../shared/member-name.ts";
import { replyParts } from "../../../../shared/reply-mail.ts";
import { insertAt, type SavedReply } from "../model/saved-reply.ts";
import { replyLimit, type ThreadMessage } from "../model/thread.ts";
import { SavedReplyPicker } from "./saved-reply-picker.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { ThreadEntry } from "./thread-entry.tsx";

interface ReplyThreadProps {
  submission: Submission;
  thread: ThreadMessage[];
  /** Mail is delivered: a reply written here is sent. Otherwise the thread alone is shown. */
  canWrite: boolean;
  /** The reply is queued: the submission (now done) and its thread are read again. */
  onSent: () => void;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}

/**
 * The conversation with the visitor, oldest first, each reply with its delivery; and the reply
 * to write, in the language of the page the visitor wrote from (right to left for Arabic). The
 * database sends it to the submission's own address: nothing here names one. A reply typed and
 * not sent is kept in this browser, as a note is, and is back in the box when the member returns.
 * A saved reply chosen is put where the cursor is, to be edited there like any typing.
 */
export function ReplyThread({ submission, thread, canWrite, onSent }: ReplyThreadProps) {
  const { language, text } = useInboxContent();
  const words = text.thread;
  const describeFailure = useDescribeFailure();
  const id = useId();
  const { session } = useAuth();
  const userId = session?.user.id ?? "";
  const [kept, setKept] = useState(() =>
    userId ? readDraft(userId, submission.id, "", Date.now(), "reply") : undefined,
  );
  const [body, setBody] = useState(kept?.note ?? "");
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  function type(value: string) {
    setBody(value);
    if (userId) keepDraft(userId, submission.id, value, "", "reply");
    if (error) setError(undefined);
  }

  function insert(reply: SavedReply) {
    const element = box.current;
    const next = insertAt(
      body,
      element?.selectionStart ?? body.length,
      element?.selectionEnd ?? body.length,
      reply.body,
    );
    // Drawn at once, so the cursor is put after the text inserted, in the box shown.
    flushSync(() => type(next.value));
    element?.focus();
    element?.setSelectionRange(next.cursor, next.cursor);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (body.trim() === "") {
      setError(words.emptyReply);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await sendReply(submission.id, body);
      if (userId) dropDraft(userId, submission.id, "reply");
      setKept(undefined);
      setBody("");
      toast({ title: words.sent });
      onSent();
    } catch (failure) {
      toast({
        title: words.failed,
        description: codeOf(failure) === "PT429" ? words.tooMany : describeFailure(failure),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h3 id={`${id}-title`} className="text-xl font-bold text-ink-900">
        {words.title}
      </h3>
      {thread.length === 0 ? (
        <p className="text-ink-700">{words.empty}</p>
      ) : (
        <ol className="grid gap-3">
          {thread.map((message) => (
            <ThreadEntry key={message.id} message={message} />
          ))}
        </ol>
      )}
      {!canWrite ? null : submission.status === "spam" ? (
        <p className="text-ink-700">{words.spam}</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => reportRejection(submit(event))}
          className="grid gap-3"
        >
          <SavedReplyPicker language={submission.language} onInsert={insert} />
          <FormField id={`${id}-body`} label={words.label} hint={words.hint} error={error}>
            {(control) => (
              <textarea
                {...control}
                ref={box}
                lang={submission.language}
                dir={submission.language === "ar" ? "rtl" : "ltr"}
                rows={6}
                maxLength={replyLimit}
                value={body}
                onChange={(event) => type(event.target.value)}
                className={`${fieldClasses} resize-y`}
              />
            )}
          </FormField>
          {kept && (
            <div className="flex flex-wrap items-center gap-3 text-sm text-ink-800">
              <p>{words.kept(formatDateTime(language, kept.at))}</p>
              <button
                type="button"
                onClick={() => {
                  if (userId) dropDraft(userId, submission.id, "reply");
                  setKept(undefined);
                  setBody("");
                }}
                className={secondaryButton}
              >
                {words.discard}
              </button>
            </div>
          )}
          {body.trim() !== "" && (
            <details className="rounded-2xl border border-ink-900/15 bg-white">
              <summary className="min-h-11 cursor-pointer px-4 py-3 font-semibold text-ink-900">
                {words.preview}
              </summary>
              <div className="grid gap-2 border-t border-ink-900/10 p-4 text-sm">
                <p className="text-ink-700">
                  {words.previewTo}{" "}
                  <bdi dir="ltr" className="break-all">
                    {submission.email}
                  </bdi>
                </p>
                {/* The text part the server writes, character for character. */}
                <p
                  lang={submission.language}
                  dir={submission.language === "ar" ? "rtl" : "ltr"}
                  className="whitespace-pre-wrap wrap-anywhere text-ink-950 [unicode-bidi:plaintext]"
                >
                  {
                    replyParts({
                      language: submission.language,
                      body: body.trim(),
                      authorName: nameInMetadata(session?.user.user_metadata) ?? null,
                      visitorName: submission.name,
                      message: submission.message,
                      writtenAt: submission.created_at,
                    }).text
                  }
                </p>
              </div>
            </details>
          )}
          <SubmitButton busy={busy} label={words.send} busyLabel={words.sending} />
        </form>
      )}
    </section>
  );
}
