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
  children: (control: ControlProps) => ReactNode;
}

/** A label, an optional hint, the control, and its error, tied together for assistive technology. */
export function FormField({
  id,
  label,
  required,
  optionalText,
  hint,
  error,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
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
      {error && (
        <p id={errorId} className="flex items-center gap-2 text-sm font-semibold text-red-700">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {error}
        </p>
      )}
      {children({
        id,
        ...(describedBy && { "aria-describedby": describedBy }),
        ...(error && { "aria-invalid": true as const }),
      })}
    </div>
  );
}
