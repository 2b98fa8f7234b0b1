import { useCallback, useState } from "react";
import { useInboxContent } from "../content/use-inbox-content.ts";
import type { SubmissionPage } from "../api/list-submissions.ts";
import { useStatusCounts } from "../hooks/use-status-counts.ts";
import type { Loaded } from "../hooks/use-submissions.ts";
import { countedOf } from "../model/count.ts";
import { formatTally } from "../model/format.ts";
import { withinAll, type InboxAddress } from "../model/filter.ts";
import { pageSize } from "../model/submission.ts";
import { BulkStatusBar } from "./bulk-status-bar.tsx";
import { ExportButton } from "./export-button.tsx";
import { FilterForm } from "./filter-form.tsx";
import { Pager } from "./pager.tsx";
import { SubmissionCard } from "./submission-card.tsx";

interface SubmissionListProps {
  address: InboxAddress;
  result: Loaded<SubmissionPage>;
  hrefFor: (next: Partial<InboxAddress>) => string;
  go: (next: Partial<InboxAddress>) => void;
  /** Reads the page again, after an action changed rows on it. */
  refresh: () => void;
}

/** The filter, how many submissions match, one page of them, and the way to the others. */
export function SubmissionList({ address, result, hrefFor, go, refresh }: SubmissionListProps) {
  const { language, text } = useInboxContent();
  const { data } = result;
  // Read each time the list is shown (a status may have changed in the detail), and whenever the
  // matches are read again: with a search, the page and the counts share one reading of them.
  const counts = useStatusCounts(address.filter);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>();
  // A selection belongs to the page it was made on.
  const pageKey = JSON.stringify([address.filter, address.page]);
  const selected = selection?.key === pageKey ? selection.ids : new Set<number>();
  const select = (ids: ReadonlySet<number>) => setSelection({ key: pageKey, ids });
  // The bar floats over the foot of the screen: room beneath the list lets the last row clear it.
  const [barHeight, setBarHeight] = useState(0);
  const hearBarHeight = useCallback((height: number) => setBarHeight(height), []);
  const rows = data?.rows ?? [];
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  // A total that is not exact gives no last page: the pager says where the reader is, and
  // offers the next page while there is one.
  const pages =
    data && data.counted === "exact" ? Math.max(1, Math.ceil(data.count / pageSize)) : undefined;
  const summary =
    result.state === "loading"
      ? text.list.loading
      : result.state === "failed"
        ? text.list.failed
        : formatTally(
            language,
            data?.count ?? 0,
            text.list.submissions,
            data?.counted ?? "exact",
            text.list,
          );

  return (
    <div
      className="grid gap-4 sm:gap-6"
      style={selected.size > 0 && barHeight > 0 ? { paddingBlockEnd: barHeight + 24 } : undefined}
    >
      <FilterForm
        filter={address.filter}
        counts={counts}
        onChange={(filter) => go({ filter, page: 1 })}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p
          role="status"
          className={`font-semibold sm:text-lg ${result.state === "failed" ? "text-red-800" : "text-ink-900"}`}
        >
          {summary}
        </p>
        {counts && !counts.more && withinAll(address.filter.status) && (
          <p className="text-sm font-semibold text-ink-800 sm:text-base">
            {formatTally(
              language,
              counts.unread,
              text.list.unread,
              countedOf(counts.unread),
              text.list,
            )}
          </p>
        )}
        <div className="ms-auto">
          <ExportButton filter={address.filter} />
        </div>
      </div>
      {rows.length > 0 && (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 justify-self-start px-4 font-semibold text-ink-900 sm:px-5">
          <input
            type="checkbox"
            checked={allOnPage}
            onChange={(event) =>
              select(new Set(event.target.checked ? rows.map((row) => row.id) : []))
            }
            className="size-6 accent-ink-900"
          />
          {text.list.selectPage}
        </label>
      )}
      {selected.size > 0 && (
        <BulkStatusBar
          filter={address.filter}
          selected={selected}
          matching={data?.count ?? selected.size}
          matchingCounted={data?.counted ?? "exact"}
          onDone={() => {
            select(new Set());
            refresh();
          }}
          onHeight={hearBarHeight}
        />
      )}
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
              selected={selected.has(submission.id)}
              onSelect={(on) => {
                const next = new Set(selected);
                if (on) next.add(submission.id);
                else next.delete(submission.id);
                select(next);
              }}
            />
          ))}
        </ul>
      )}
      {result.state === "ready" && data?.rows.length === 0 && (
        <p className="rounded-2xl bg-paper p-6 text-center text-ink-800">{text.list.empty}</p>
      )}
      <Pager
        page={address.page}
        pages={pages}
        more={data?.more ?? false}
        hrefFor={(page) => hrefFor({ page })}
      />
    </div>
  );
}
