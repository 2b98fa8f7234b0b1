import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { isSubmissionStatus, type SubmissionChange } from "../model/submission.ts";

/** Who changed a submission's status or note, replied or answered, and when, newest first. */
export function ChangeHistory({ changes }: { changes: SubmissionChange[] }) {
  const { language, text } = useInboxContent();
  const nameOf = useTeamNames();
  const statusName = (value: string | null) =>
    isSubmissionStatus(value) ? text.statuses[value] : (value ?? "");
  return (
    <section aria-labelledby="submission-history" className="grid gap-3">
      <h3 id="submission-history" className="text-xl font-bold text-ink-900">
        {text.detail.history}
      </h3>
      {changes.length === 0 ? (
        <p className="text-ink-700">{text.detail.noHistory}</p>
      ) : (
        <ol className="grid gap-3">
          {changes.map((change) => (
            <li key={change.id} className="grid gap-1 border-s-4 border-gold-500 ps-4">
              <p className="font-semibold text-ink-900">
                {change.field === "status"
                  ? text.detail.statusChange(
                      statusName(change.old_value),
                      statusName(change.new_value),
                    )
                  : change.field === "reply"
                    ? text.detail.replied
                    : change.field === "answer"
                      ? text.detail.answered
                      : text.detail.noteChange}
              </p>
              {change.field === "note" && change.new_value && (
                <p
                  dir="auto"
                  className="whitespace-pre-wrap wrap-anywhere text-ink-800 [unicode-bidi:plaintext]"
                >
                  {change.new_value}
                </p>
              )}
              <p className="flex flex-wrap gap-x-4 text-sm text-ink-700">
                <bdi className="break-all">
                  {nameOf({ email: change.changed_by_email }) ?? text.detail.someone}
                </bdi>
                <time dateTime={change.changed_at}>
                  {formatDateTime(language, change.changed_at)}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
