import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  optionalText?: string;
  hint?: string | undefined;
  error?: string | undefined;
  /**
   * Every error the field may show, by key: each is in the page, hidden unless it is `error`,
   * so that a server answering a form posted without scripts can show it
   * (src/server/site/form-post.ts).
   */
  possibleErrors?: Readonly<Record<string, string>>;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, an optional hint, the control, and its error below it, tied together for assistive
 * technology. Below, so that an error leaves a control beside this one where it was.
 */
export function FormField({
  id,
  label,
  required,
  optionalText,
  hint,
  error,
  possibleErrors,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const errorClasses = "flex items-center gap-2 text-sm font-semibold text-red-700";
  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className="font-semibold text-ink-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-1 text-red-700">
            *
          </span>
        ) : (
          optionalText && (
            <span className="ms-2 text-sm font-normal text-ink-700">{optionalText}</span>
          )
        )}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-ink-700">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(describedBy && { "aria-describedby": describedBy }),
        ...(error && { "aria-invalid": true as const }),
      })}
      {possibleErrors ? (
        <p id={errorId} data-field-error={id} hidden={!error} className={errorClasses}>
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {Object.entries(possibleErrors).map(([key, message]) => (
            <span key={key} data-error-message={key} hidden={message !== error}>
              {message}
            </span>
          ))}
        </p>
      ) : (
        error && (
          <p id={errorId} className={errorClasses}>
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            {error}
          </p>
        )
      )}
    </div>
  );
}
