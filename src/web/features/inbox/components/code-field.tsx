import { FormField } from "../../../components/ui/form-field.tsx";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { fieldClasses } from "../../../components/team/styles.ts";

interface CodeFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The six digits of an authenticator app, Arabic-Indic or Latin. */
export function CodeField({ id, value, error, onChange }: CodeFieldProps) {
  const { text } = useInboxContent();
  return (
    <FormField id={id} label={text.codeField.label} hint={text.codeField.hint} error={error}>
      {(control) => (
        <input
          {...control}
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
