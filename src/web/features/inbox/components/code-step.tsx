import { SubmitButton } from "./submit-button.tsx";
import { useId, useRef, useState, type FormEvent } from "react";
import { failureMessage } from "../../../auth/auth-provider.tsx";
import { useAuth } from "../../../auth/use-auth.ts";
import { toast } from "../../../toast/toast-store.ts";
import { findVerifiedFactor } from "../api/find-factor.ts";
import { verifyCode } from "../api/verify-code.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { readCode } from "../model/code.ts";
import { AuthCard } from "./auth-card.tsx";
import { CodeField } from "./code-field.tsx";
import { secondaryButton } from "./styles.ts";

/** A member signed in with a password proves the second factor: the app's current code. */
export function CodeStep({ focus }: { focus: boolean }) {
  const { content, text } = useInboxContent();
  const { signOut } = useAuth();
  const id = useId();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusCode = () => form.current?.querySelector<HTMLInputElement>("[name=code]")?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const digits = readCode(code);
    setInvalid(digits === null);
    if (digits === null) {
      focusCode();
      return;
    }
    setBusy(true);
    const failure = await verifyCode(findVerifiedFactor, digits);
    setBusy(false);
    if (!failure) return;
    toast({
      title: content.toasts.signInFailed,
      description: failureMessage(failure, content.toasts.somethingWentWrong),
      variant: "destructive",
    });
    setCode("");
    focusCode();
  }

  return (
    <AuthCard title={text.code.title} lead={text.code.lead} focus={focus}>
      <form ref={form} noValidate onSubmit={submit} className="grid gap-5">
        <CodeField
          id={`${id}-code`}
          value={code}
          error={invalid ? text.codeField.invalid : undefined}
          onChange={setCode}
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton
            busy={busy}
            label={text.code.submit}
            busyLabel={text.code.submitting}
            alignStart={false}
          />
          <button type="button" onClick={() => void signOut("local")} className={secondaryButton}>
            {text.code.otherAccount}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
