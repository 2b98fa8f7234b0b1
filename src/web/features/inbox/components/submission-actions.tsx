import { useState } from "react";
import { useNavigate } from "react-router";
import { formatNumber } from "../../../lib/format.ts";
import { toast } from "../../../toast/toast-store.ts";
import { deleteSubmission } from "../api/delete-submission.ts";
import { eraseAddress } from "../api/erase-address.ts";
import { forgetDraftsOfRemoved } from "../api/forget-drafts-of-removed.ts";
import { updateSubmission } from "../api/update-submission.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { dropDraftsOfSubmissions } from "../model/note-draft.ts";
import type { Submission } from "../model/submission.ts";
import { ConfirmDialog } from "../../../components/team/confirm-dialog.tsx";
import { quietButton } from "../../../components/team/styles.ts";

interface SubmissionActionsProps {
  submission: Submission;
  backHref: string;
  onSaved: (row: Submission) => void;
  /** Rows are gone: the list is read again. */
  onRemoved: () => void;
}

type Asking = "delete" | "erase" | undefined;

/** What a member may do with a submission as a whole: mark it unread, delete it, erase its sender. */
export function SubmissionActions({
  submission,
  backHref,
  onSaved,
  onRemoved,
}: SubmissionActionsProps) {
  const { language, text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string>) {
    if (busy) return;
    setBusy(true);
    try {
      const done = await action();
      setAsking(undefined);
      toast({ title: done });
      void navigate(backHref);
    } catch (error) {
      toast({
        title: text.detail.removeFailed,
        description: describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  const markUnread = () =>
    run(async () => {
      onSaved(await updateSubmission(submission.id, { seen: false }));
      return text.detail.markedUnread;
    });
  const remove = () =>
    run(async () => {
      await deleteSubmission(submission.id);
      dropDraftsOfSubmissions([submission.id]);
      onRemoved();
      return text.detail.removed;
    });
  const erase = () =>
    run(async () => {
      const erased = await eraseAddress(submission.email);
      dropDraftsOfSubmissions([submission.id]);
      // The address's other submissions went too: which of the drafted ones, the database says.
      forgetDraftsOfRemoved().catch(() => {});
      onRemoved();
      return text.detail.erased(formatNumber(language, erased));
    });

  return (
    <div className="flex flex-wrap gap-2 border-t border-ink-900/10 pt-4">
      <button type="button" onClick={() => void markUnread()} className={quietButton}>
        {text.detail.markUnread}
      </button>
      <button type="button" onClick={() => setAsking("delete")} className={quietButton}>
        {text.detail.remove}
      </button>
      <button type="button" onClick={() => setAsking("erase")} className={quietButton}>
        {text.detail.erase}
      </button>
      <ConfirmDialog
        open={asking !== undefined}
        question={
          asking === "erase"
            ? text.detail.eraseQuestion(submission.email)
            : text.detail.removeQuestion
        }
        confirm={asking === "erase" ? text.detail.eraseConfirm : text.detail.removeConfirm}
        busy={busy}
        onConfirm={() => void (asking === "erase" ? erase() : remove())}
        onClose={() => setAsking(undefined)}
      />
    </div>
  );
}
