import { useEffect, useRef } from "react";
import { FormField } from "../../../components/ui/form-field.tsx";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { fieldClasses } from "../../../components/team/styles.ts";

interface CodeFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** Take focus when shown: the step changed under the member's hands, and the code is next. */
  focus?: boolean;
  /** What else the field is read with when it takes focus: the step's own lead. */
  describedBy?: string;
}

/** The six digits of an authenticator app, Arabic-Indic or Latin. */
export function CodeField({ id, value, error, onChange, focus, describedBy }: CodeFieldProps) {
  const { text } = useInboxContent();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  return (
    <FormField id={id} label={text.codeField.label} hint={text.codeField.hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={input}
          aria-describedby={
            [describedBy, control["aria-describedby"]].filter(Boolean).join(" ") || undefined
          }
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={12}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${fieldClasses} ltr-field max-w-48 text-xl`}
        />
      )}
    </FormField>
  );
}
