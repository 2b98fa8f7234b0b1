import { reportRejection } from "../../../components/team/report-rejection.ts";
import { SubmitButton } from "./submit-button.tsx";
import { useId, useRef, useState, type FormEvent } from "react";
import { FormField } from "../../../components/ui/form-field.tsx";
import { useAuth } from "../../../auth/use-auth.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { AuthCard } from "./auth-card.tsx";
import { ForgotPasswordStep } from "./forgot-password-step.tsx";
import { fieldClasses, quietButton } from "../../../components/team/styles.ts";

interface SignInStepProps {
  focus: boolean;
  /** The last session ended by itself after a while without activity. */
  idleSignedOut: boolean;
}

/**
 * Email and password; a failure is a toast (Sign in Failed, with the server's reason).
 * "Forgot password?" turns the card into the request for a reset's link, and back.
 */
export function SignInStep({ focus, idleSignedOut }: SignInStepProps) {
  const { text } = useInboxContent();
  const { signIn } = useAuth();
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState<"email" | "password" | undefined>();
  const [busy, setBusy] = useState(false);
  const [forgotten, setForgotten] = useState(false);
  const [moved, setMoved] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const empty = email.trim() === "" ? "email" : password === "" ? "password" : undefined;
    setMissing(empty);
    if (empty) {
      form.current?.querySelector<HTMLInputElement>(`[name="${empty}"]`)?.focus();
      return;
    }
    setBusy(true);
    const signedIn = await signIn({ email: email.trim(), password });
    setBusy(false);
    if (!signedIn) setPassword("");
  }

  if (forgotten) {
    return (
      <ForgotPasswordStep
        focus
        email={email}
        onBack={(typed) => {
          setEmail(typed);
          setForgotten(false);
        }}
      />
    );
  }

  return (
    <AuthCard title={text.signIn.title} lead={text.signIn.lead} focus={focus || moved}>
      {idleSignedOut && (
        <p role="status" className="rounded-xl border border-gold-600/50 bg-gold-200/40 p-4">
          {text.signIn.idleSignedOut}
        </p>
      )}
      <form
        ref={form}
        noValidate
        onSubmit={(event) => reportRejection(submit(event))}
        className="grid gap-5"
      >
        <FormField
          id={`${id}-email`}
          label={text.signIn.email}
          error={missing === "email" ? text.signIn.missing : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              required
              autoComplete="username"
              dir="ltr"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={`${fieldClasses} ltr-field`}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-password`}
          label={text.signIn.password}
          error={missing === "password" ? text.signIn.missing : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              dir="ltr"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={`${fieldClasses} ltr-field`}
            />
          )}
        </FormField>
        <SubmitButton busy={busy} label={text.signIn.submit} busyLabel={text.signIn.submitting} />
      </form>
      <button
        type="button"
        onClick={() => {
          setMoved(true);
          setForgotten(true);
        }}
        className={`${quietButton} justify-self-start`}
      >
        {text.signIn.forgot}
      </button>
    </AuthCard>
  );
}
