import { useState } from "react";
import { toast } from "../../../toast/toast-store.ts";
import { updateSubmission } from "../api/update-submission.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import type { Submission } from "../model/submission.ts";
import { secondaryButton } from "../../../components/team/styles.ts";

/** One press moves a submission out of spam, back among the new ones. */
export function NotSpamButton({
  submission,
  onSaved,
}: {
  submission: Submission;
  onSaved: (row: Submission) => void;
}) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const [busy, setBusy] = useState(false);

  async function moveBack() {
    if (busy) return;
    setBusy(true);
    try {
      onSaved(await updateSubmission(submission.id, { status: "new" }));
      toast({ title: text.detail.movedOutOfSpam });
    } catch (error) {
      toast({
        title: text.detail.saveFailed,
        description: describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-busy={busy}
      onClick={() => void moveBack()}
      className={secondaryButton}
    >
      {text.detail.notSpam}
    </button>
  );
}
