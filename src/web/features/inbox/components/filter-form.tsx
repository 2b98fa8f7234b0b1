import { useId, useState, type FormEvent } from "react";
import { formSources, type FormSource } from "../../../../shared/contact-submission.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import type { StatusCounts } from "../api/count-by-status.ts";
import { countedOf, matchingCount } from "../model/count.ts";
import { formatTallyNumber } from "../model/format.ts";
import { noFilter, type SubmissionFilter } from "../model/filter.ts";
import { isSubmissionStatus, submissionStatuses } from "../model/submission.ts";
import { fieldClasses, primaryButton, secondaryButton } from "../../../components/team/styles.ts";

interface FilterFormProps {
  filter: SubmissionFilter;
  /** How many of each status the form and text match, once known. */
  counts?: StatusCounts;
  onChange: (filter: SubmissionFilter) => void;
}

const labelClasses = "font-semibold text-ink-900";

/** Which form, which status, and text to look for; a choice applies at once, text on submit. */
export function FilterForm({ filter, counts, onChange }: FilterFormProps) {
  const { language, text } = useInboxContent();
  // A search that stopped counting gives no count of each status.
  const known = counts?.more ? undefined : counts;
  const counted = (label: string, count: number | undefined) =>
    count === undefined
      ? label
      : text.list.withCount(label, formatTallyNumber(language, count, countedOf(count), text.list));
  const notSpam = known && matchingCount(known, "all");
  const id = useId();
  const [typed, setTyped] = useState(filter.text);
  const [shownFor, setShownFor] = useState(filter.text);
  // The address changed the text (back, clear): show what it says.
  if (shownFor !== filter.text) {
    setShownFor(filter.text);
    setTyped(filter.text);
  }
  const set = [
    filter.form !== noFilter.form,
    filter.status !== noFilter.status,
    filter.text !== "",
  ].filter(Boolean).length;
  // Folded on a phone, where the first screen belongs to the submissions; always open on a
  // wide screen, where the toggle is not shown.
  const [unfolded, setUnfolded] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...filter, text: typed.trim() });
  }

  return (
    <div className="grid gap-3">
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls={`${id}-filters`}
        onClick={() => setUnfolded(!unfolded)}
        className={`${secondaryButton} justify-self-start lg:hidden`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M2 4h16l-6 7v5l-4 2v-7L2 4Z" />
        </svg>
        {text.list.showFilters(set)}
      </button>
      <form
        id={`${id}-filters`}
        role="search"
        aria-label={text.list.filters}
        onSubmit={submit}
        className={`${unfolded ? "grid" : "hidden"} grid-cols-1 gap-x-3 min-[400px]:grid-cols-2 lg:grid gap-y-4 rounded-3xl bg-paper p-4 shadow-lg shadow-ink-950/5 sm:gap-x-4 sm:p-6 lg:grid-cols-[12rem_12rem_1fr] lg:items-start`}
      >
        <div className="grid gap-2">
          <label htmlFor={`${id}-form`} className={labelClasses}>
            {text.list.form}
          </label>
          <select
            id={`${id}-form`}
            value={filter.form}
            onChange={(event) =>
              onChange({ ...filter, form: event.target.value as FormSource | "all" })
            }
            className={fieldClasses}
          >
            <option value="all">{text.list.allForms}</option>
            {formSources.map((source) => (
              <option key={source} value={source}>
                {text.forms[source]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${id}-status`} className={labelClasses}>
            {text.list.status}
          </label>
          <select
            id={`${id}-status`}
            value={filter.status}
            onChange={(event) => {
              const status = event.target.value;
              onChange({ ...filter, status: isSubmissionStatus(status) ? status : "all" });
            }}
            className={fieldClasses}
          >
            <option value="all">{counted(text.list.allStatuses, notSpam)}</option>
            {submissionStatuses.map((status) => (
              <option key={status} value={status}>
                {counted(text.statuses[status], known?.[status])}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2 min-[400px]:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-text`} className={labelClasses}>
            {text.list.search}
          </label>
          <div className="flex flex-wrap gap-3">
            <input
              id={`${id}-text`}
              type="search"
              dir="auto"
              enterKeyHint="search"
              aria-describedby={`${id}-text-hint`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className={`${fieldClasses} min-w-0 flex-1 basis-40`}
            />
            <button type="submit" className={`${primaryButton} px-5`}>
              {text.list.searchSubmit}
            </button>
          </div>
          <p id={`${id}-text-hint`} className="text-sm text-ink-700">
            {text.list.searchHint}
          </p>
        </div>
        {set > 0 && (
          <button
            type="button"
            onClick={() => onChange(noFilter)}
            className={`${secondaryButton} justify-self-start min-[400px]:col-span-2 lg:col-span-3`}
          >
            {text.list.clear}
          </button>
        )}
      </form>
    </div>
  );
}
