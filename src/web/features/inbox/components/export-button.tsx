import { useState } from "react";
import { toast } from "../../../toast/toast-store.ts";
import { fetchAllSubmissions } from "../api/fetch-all-submissions.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { downloadFile } from "../download-file.ts";
import { exportFileName, submissionsCsv } from "../model/csv-export.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { secondaryButton } from "../../../components/team/styles.ts";

/** Every submission the filter matches, as a CSV in the inbox's language and the member's time. */
export function ExportButton({ filter }: { filter: SubmissionFilter }) {
  const { text } = useInboxContent();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    if (busy) return;
    setBusy(true);
    try {
      const rows = await fetchAllSubmissions(filter);
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      downloadFile(
        submissionsCsv(rows, text, timeZone),
        exportFileName(new Date()),
        "text/csv;charset=utf-8",
      );
      toast({ title: text.exportCsv.done });
    } catch {
      toast({ title: text.exportCsv.failed, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-disabled={busy || undefined}
      onClick={() => void exportCsv()}
      className={`${secondaryButton} max-sm:px-4 max-sm:text-sm`}
    >
      {busy ? text.exportCsv.exporting : text.exportCsv.button}
    </button>
  );
}
