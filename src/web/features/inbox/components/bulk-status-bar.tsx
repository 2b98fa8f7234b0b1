import { reportRejection } from "../../../components/team/report-rejection.ts";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatNumber } from "../../../lib/format.ts";
import { toast } from "../../../toast/toast-store.ts";
import { setStatusOf } from "../api/set-status-of.ts";
import { setStatusOfMatches } from "../api/set-status-of-matches.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import type { Counted } from "../model/count.ts";
import { formatCount } from "../../../components/team/format.ts";
import { formatTallyNumber } from "../model/format.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { fieldClasses, primaryButton } from "../../../components/team/styles.ts";

interface BulkStatusBarProps {
  filter: SubmissionFilter;
  selected: ReadonlySet<number>;
  /** How many the filter matches on every page: the choice to act on all of them. */
  matching: number;
  /** How `matching` reads: exactly, an estimate, or a bound a search's count passed. */
  matchingCounted: Counted;
  onDone: () => void;
  /** Hears the bar's height, for the page to leave room beneath its last row. */
  onHeight?: (height: number) => void;
}

/**
 * Sets one status on the selected submissions, or on all the filter matches, in one step.
 * It stays at the foot of the screen while anything is selected, however far down the list
 * the member ticks; focus moved to a row is kept clear of it.
 */
export function BulkStatusBar({
  filter,
  selected,
  matching,
  matchingCounted,
  onDone,
  onHeight,
}: BulkStatusBarProps) {
  const { language, text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [status, setStatus] = useState<SubmissionStatus>("done");
  const [allMatching, setAllMatching] = useState(false);
  const [busy, setBusy] = useState(false);
  const bar = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const form = bar.current;
    if (!form) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = form.getBoundingClientRect().height;
      root.style.scrollPaddingBlockEnd = `${height + 24}px`;
      onHeight?.(height);
    });
    observer.observe(form);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBlockEnd = "";
      onHeight?.(0);
    };
  }, [onHeight]);

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const changed = allMatching
        ? await setStatusOfMatches(filter, status)
        : await setStatusOf([...selected], status);
      toast({ title: text.list.bulkDone(formatNumber(language, changed)) });
      setAllMatching(false);
      onDone();
    } catch (error) {
      toast({
        title: text.list.bulkFailed,
        description: describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  const count = allMatching ? matching : selected.size;
  return (
    <form
      ref={bar}
      onSubmit={(event) => reportRejection(apply(event))}
      aria-labelledby={`${id}-count`}
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-30 mx-auto grid max-w-5xl gap-2 rounded-2xl sm:flex sm:flex-wrap sm:items-center sm:justify-between sm:gap-x-6 bg-ink-900 p-3 text-paper shadow-2xl shadow-ink-950/40 sm:inset-x-6 sm:p-4"
    >
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
        <p id={`${id}-count`} role="status" className="font-semibold">
          {allMatching && matchingCounted !== "exact"
            ? text.list.allMatchingSelected
            : formatCount(language, count, text.list.selected)}
        </p>
        {matching > selected.size && (
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={allMatching}
              onChange={(event) => setAllMatching(event.target.checked)}
              className="size-6 shrink-0 accent-gold-400"
            />
            {text.list.selectAllMatching(
              formatTallyNumber(language, matching, matchingCounted, text.list),
            )}
          </label>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          {text.list.bulkStatus}
        </label>
        <div className="flex min-w-0 flex-1 basis-64 gap-2 sm:flex-none">
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as SubmissionStatus)}
            className={`${fieldClasses} min-h-11 min-w-0 flex-1 py-2 sm:w-auto sm:min-w-40`}
          >
            {submissionStatuses.map((choice) => (
              <option key={choice} value={choice}>
                {text.statuses[choice]}
              </option>
            ))}
          </select>
          <button
            type="submit"
            aria-busy={busy}
            className={`${primaryButton} min-h-11 shrink-0 px-5 py-2`}
          >
            {text.list.bulkApply}
          </button>
        </div>
      </div>
    </form>
  );
}
