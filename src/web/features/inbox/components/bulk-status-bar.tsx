import { useId, useState, type FormEvent } from "react";
import { formatNumber } from "../../../lib/format.ts";
import { toast } from "../../../toast/toast-store.ts";
import { setStatusOf } from "../api/set-status-of.ts";
import { setStatusOfMatches } from "../api/set-status-of-matches.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useDescribeFailure } from "../hooks/use-describe-failure.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import type { Counted } from "../model/count.ts";
import { formatCount, formatTallyNumber } from "../model/format.ts";
import { submissionStatuses, type SubmissionStatus } from "../model/submission.ts";
import { fieldClasses, primaryButton } from "./styles.ts";

interface BulkStatusBarProps {
  filter: SubmissionFilter;
  selected: ReadonlySet<number>;
  /** How many the filter matches on every page: the choice to act on all of them. */
  matching: number;
  /** How `matching` reads: exactly, an estimate, or a bound a search's count passed. */
  matchingCounted: Counted;
  onDone: () => void;
}

/** Sets one status on the selected submissions, or on all the filter matches, in one step. */
export function BulkStatusBar({
  filter,
  selected,
  matching,
  matchingCounted,
  onDone,
}: BulkStatusBarProps) {
  const { language, text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [status, setStatus] = useState<SubmissionStatus>("done");
  const [allMatching, setAllMatching] = useState(false);
  const [busy, setBusy] = useState(false);

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
      onSubmit={apply}
      aria-labelledby={`${id}-count`}
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-ink-900 p-3 text-paper shadow-xl sm:p-4"
    >
      <p id={`${id}-count`} role="status" className="font-semibold">
        {allMatching && matchingCounted !== "exact"
          ? text.list.allMatchingSelected
          : formatCount(language, count, text.list.selected)}
      </p>
      {matching > selected.size && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allMatching}
            onChange={(event) => setAllMatching(event.target.checked)}
            className="size-5 accent-gold-400"
          />
          {text.list.selectAllMatching(
            formatTallyNumber(language, matching, matchingCounted, text.list),
          )}
        </label>
      )}
      <label htmlFor={`${id}-status`} className="text-sm font-semibold">
        {text.list.bulkStatus}
      </label>
      <select
        id={`${id}-status`}
        value={status}
        onChange={(event) => setStatus(event.target.value as SubmissionStatus)}
        className={`${fieldClasses} py-2 sm:w-auto sm:min-w-40`}
      >
        {submissionStatuses.map((choice) => (
          <option key={choice} value={choice}>
            {text.statuses[choice]}
          </option>
        ))}
      </select>
      <button type="submit" aria-busy={busy} className={`${primaryButton} min-h-11 px-5 py-2`}>
        {text.list.bulkApply}
      </button>
    </form>
  );
}
