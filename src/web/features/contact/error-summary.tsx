import type { RefObject } from "react";

interface ErrorSummaryProps<Field extends string> {
  title: string;
  /** Each problem, with the field it is about and that field's id. */
  problems: { field: Field; fieldId: string; message: string | undefined }[];
  onSelect: (field: Field) => void;
  /** Focused after a submission that found problems, so they are read first. */
  focusRef: RefObject<HTMLDivElement | null>;
}

/** The problems a submission found, each a link to its field (GOV.UK's error summary). */
export function ErrorSummary<Field extends string>({
  title,
  problems,
  onSelect,
  focusRef,
}: ErrorSummaryProps<Field>) {
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      role="alert"
      className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-gold-400"
    >
      <h3 className="mb-2 font-semibold">{title}</h3>
      <ul className="grid list-disc gap-1 ps-5">
        {problems.map(({ field, fieldId, message }) => (
          <li key={field}>
            <a
              href={`#${fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                onSelect(field);
              }}
              className="underline underline-offset-4"
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
