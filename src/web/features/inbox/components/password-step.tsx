import { reportRejection } from "../../../components/team/report-rejection.ts";
import { Eye } from "lucide-react";
import { SubmitButton } from "./submit-button.tsx";
import { useId, useRef, useState, type FormEvent } from "react";
import { FormField } from "../../../components/ui/form-field.tsx";
import { useAuth } from "../../../auth/use-auth.ts";
import { toast } from "../../../toast/toast-store.ts";
import { choosePassword } from "../api/choose-password.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { AuthCard } from "./auth-card.tsx";
import { fieldClasses, quietButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";

/** The server's own minimum (AUTH_PASSWORD_MIN_LENGTH's default); it has the last word. */
const minimumLength = 8;

interface PasswordStepProps {
  focus: boolean;
  onChosen: () => void;
  /** Back from a password reset's link, rather than an invitation's. */
  recovering?: boolean;
}

/**
 * A member who came by an invitation's or a reset's link chooses the password they sign in with.
 * The account's address stands in the form as its user name, so that a password manager saves
 * the password it generates under it; the password may be shown, to check it on a phone.
 */
export function PasswordStep({ focus, onChosen, recovering = false }: PasswordStepProps) {
  const { text } = useInboxContent();
  const { user } = useAuth();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
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
      <form noValidate onSubmit={(event) => reportRejection(submit(event))} className="grid gap-5">
        <FormField id={`${id}-account`} label={text.password.account}>
          {(control) => (
            <input
              {...control}
              name="username"
              type="email"
              autoComplete="username"
              readOnly
              dir="ltr"
              value={user?.email ?? ""}
              className={`${fieldClasses} ltr-field bg-paper-200 shadow-none`}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-password`}
          label={text.password.label}
          hint={text.password.hint}
          error={tooShort ? text.password.tooShort : undefined}
        >
          {(control) => (
            <div className="flex flex-wrap items-center gap-3">
              <input
                {...control}
                ref={input}
                name="new-password"
                type={shown ? "text" : "password"}
                required
                minLength={minimumLength}
                autoComplete="new-password"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className={`${fieldClasses} ltr-field min-w-0 flex-1 basis-60`}
              />
              <button
                type="button"
                aria-pressed={shown}
                aria-controls={`${id}-password`}
                onClick={() => setShown(!shown)}
                className={`${quietButton} gap-2 aria-pressed:bg-ink-900 aria-pressed:text-paper`}
              >
                <Eye aria-hidden="true" className="size-4" />
                {text.password.show}
              </button>
            </div>
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
