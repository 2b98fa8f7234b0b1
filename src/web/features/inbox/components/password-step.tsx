import { SubmitButton } from "./submit-button.tsx";
import { useId, useRef, useState, type FormEvent } from "react";
import { FormField } from "../../../components/ui/form-field.tsx";
import { toast } from "../../../toast/toast-store.ts";
import { choosePassword } from "../api/choose-password.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { AuthCard } from "./auth-card.tsx";
import { fieldClasses } from "./styles.ts";
import { useDescribeFailure } from "../hooks/use-describe-failure.ts";

/** The server's own minimum (AUTH_PASSWORD_MIN_LENGTH's default); it has the last word. */
const minimumLength = 8;

interface PasswordStepProps {
  focus: boolean;
  onChosen: () => void;
  /** Back from a password reset's link, rather than an invitation's. */
  recovering?: boolean;
}

/** A member who came by an invitation's or a reset's link chooses the password they sign in with. */
export function PasswordStep({ focus, onChosen, recovering = false }: PasswordStepProps) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [password, setPassword] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const short = [...password].length < minimumLength;
    setTooShort(short);
    if (short) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    const failure = await choosePassword(password, { sameIsChosen: !recovering });
    setBusy(false);
    if (!failure) {
      onChosen();
      return;
    }
    toast({
      title: text.password.failed,
      description: describeFailure(failure),
      variant: "destructive",
    });
  }

  return (
    <AuthCard
      title={recovering ? text.password.recoveryTitle : text.password.title}
      lead={recovering ? text.password.recoveryLead : text.password.lead}
      focus={focus}
    >
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField
          id={`${id}-password`}
          label={text.password.label}
          hint={text.password.hint}
          error={tooShort ? text.password.tooShort : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              name="new-password"
              type="password"
              required
              minLength={minimumLength}
              autoComplete="new-password"
              dir="ltr"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={`${fieldClasses} ltr-field`}
            />
          )}
        </FormField>
        <SubmitButton
          busy={busy}
          label={text.password.submit}
          busyLabel={text.password.submitting}
        />
      </form>
    </AuthCard>
  );
}
