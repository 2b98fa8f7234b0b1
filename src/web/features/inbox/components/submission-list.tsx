import { useInboxContent } from "../content/use-inbox-content.ts";
import type { SubmissionPage } from "../api/list-submissions.ts";
import { useStatusCounts } from "../hooks/use-status-counts.ts";
import type { Loaded } from "../hooks/use-submissions.ts";
import { formatCount } from "../model/format.ts";
import type { InboxAddress } from "../model/filter.ts";
import { pageSize } from "../model/submission.ts";
import { ExportButton } from "./export-button.tsx";
import { FilterForm } from "./filter-form.tsx";
import { Pager } from "./pager.tsx";
import { SubmissionCard } from "./submission-card.tsx";

interface SubmissionListProps {
  address: InboxAddress;
  result: Loaded<SubmissionPage>;
  hrefFor: (next: Partial<InboxAddress>) => string;
  go: (next: Partial<InboxAddress>) => void;
}

/** The filter, how many submissions match, one page of them, and the way to the others. */
export function SubmissionList({ address, result, hrefFor, go }: SubmissionListProps) {
  const { language, text } = useInboxContent();
  const { data } = result;
  // Read again each time the list is shown: a status may have changed in the detail.
  const counts = useStatusCounts(address.filter, result.data);
  const pages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;
  const summary =
    result.state === "loading"
      ? text.list.loading
      : result.state === "failed"
        ? text.list.failed
        : formatCount(language, data?.count ?? 0, text.list.submissions);

  return (
    <div className="grid gap-6">
      <FilterForm
        filter={address.filter}
        counts={counts}
        onChange={(filter) => go({ filter, page: 1 })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          role="status"
          className={`text-lg font-semibold ${result.state === "failed" ? "text-red-800" : "text-ink-900"}`}
        >
          {summary}
        </p>
        <ExportButton filter={address.filter} />
      </div>
      {data && data.rows.length > 0 && (
        <ul
          aria-busy={result.state === "loading"}
          className={`grid gap-3 transition-opacity ${result.state === "loading" ? "opacity-60" : ""}`}
        >
          {data.rows.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              href={hrefFor({ open: submission.id })}
            />
          ))}
        </ul>
      )}
      {result.state === "ready" && data?.rows.length === 0 && (
        <p className="rounded-2xl bg-paper p-6 text-center text-ink-800">{text.list.empty}</p>
      )}
      <Pager page={address.page} pages={pages} hrefFor={(page) => hrefFor({ page })} />
    </div>
  );
}
