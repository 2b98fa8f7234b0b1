import { useInboxContent } from "../content/use-inbox-content.ts";
import type { SubmissionStatus } from "../model/submission.ts";

const tones: Record<SubmissionStatus, string> = {
  new: "bg-gold-400 text-ink-950",
  in_progress: "bg-ink-800 text-paper",
  done: "bg-ink-900/10 text-ink-900",
  spam: "bg-red-100 text-red-900",
};

/** A submission's status; "new" stands out. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const { text } = useInboxContent();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-0.5 text-sm font-semibold ${tones[status]}`}
    >
      {text.statuses[status]}
    </span>
  );
}
