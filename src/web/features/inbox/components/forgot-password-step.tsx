import { reportRejection } from "../../../components/team/report-rejection.ts";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormField } from "../../../components/ui/form-field.tsx";
import { localizedPath } from "../../../../shared/language.ts";
import { useLanguage } from "../../../language/use-language.ts";
import { toast } from "../../../toast/toast-store.ts";
import { readMailOn } from "../api/read-mail-on.ts";
import { requestPasswordReset } from "../api/request-password-reset.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { AuthCard } from "./auth-card.tsx";
import { fieldClasses, quietButton } from "../../../components/team/styles.ts";
import { SubmitButton } from "./submit-button.tsx";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";

interface ForgotPasswordStepProps {
  focus: boolean;
  email: string;
  onBack: (email: string) => void;
}

/** A hosted project's Auth mails resets itself; our server mails them only while mail is on. */
const resetsMailedByOurServer = !import.meta.env.VITE_SUPABASE_URL;

/** Whether our server sends mail now; undefined when it cannot be told, or it is not ours. */
async function ourMailOn(): Promise<boolean | undefined> {
  if (!resetsMailedByOurServer) return undefined;
  return readMailOn().catch(() => undefined);
}

/**
 * "Forgot password?": asks for a reset's link. The answer never says whether the address
 * belongs to anyone; a per-address limit the server reports (GoTrue's 429) reads the same.
 * With mail off no link would be sent: the card says so, and that the operator's command
 * makes one, rather than that a link is on its way.
 */
export function ForgotPasswordStep({ focus, email: initial, onBack }: ForgotPasswordStepProps) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const { language } = useLanguage();
  const id = useId();
  const [email, setEmail] = useState(initial);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [mailOff, setMailOff] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mailOn = useRef<Promise<boolean | undefined>>(undefined);

  useEffect(() => {
    let current = true;
    mailOn.current ??= ourMailOn();
    void mailOn.current.then((on) => current && setMailOff(on === false));
    return () => {
      current = false;
    };
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const empty = email.trim() === "";
    setMissing(empty);
    if (empty) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    if ((await mailOn.current) === false) {
      setBusy(false);
      setMailOff(true);
      return;
    }
    const failure = await requestPasswordReset(email.trim(), localizedPath("/inbox", language));
    setBusy(false);
    const limited = (failure as { status?: unknown } | null)?.status === 429;
    if (!failure || limited) {
      setSent(true);
      return;
    }
    toast({
      title: text.forgot.failed,
      description: describeFailure(failure),
      variant: "destructive",
    });
  }

  const back = (
    <button
      type="button"
      onClick={() => onBack(email)}
      className={`${quietButton} justify-self-start`}
    >
      {text.forgot.back}
    </button>
  );

  if (mailOff) {
    return (
      <AuthCard title={text.forgot.title} lead={text.forgot.mailOffLead} focus={focus}>
        <div
          role="status"
          className="grid gap-3 rounded-xl border-s-4 border-gold-600 bg-gold-200/40 p-4"
        >
          <p>{text.forgot.mailOff}</p>
          <code
            dir="ltr"
            className="block rounded-lg bg-ink-900/5 px-3 py-2 font-mono text-sm text-ink-950 select-all"
          >
            npm run team -- <span className="whitespace-nowrap">reset-password</span>{" "}
            <span className="wrap-anywhere">{email.trim() || "<email>"}</span>
          </code>
        </div>
        {back}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={text.forgot.title} lead={text.forgot.lead} focus={focus}>
      {sent && (
        <p role="status" className="rounded-xl border border-gold-600/50 bg-gold-200/40 p-4">
          {text.forgot.sent}
        </p>
      )}
      <form noValidate onSubmit={(event) => reportRejection(submit(event))} className="grid gap-5">
        <FormField
          id={`${id}-email`}
          label={text.signIn.email}
          error={missing ? text.forgot.missing : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={input}
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
        <SubmitButton busy={busy} label={text.forgot.submit} busyLabel={text.forgot.submitting} />
      </form>
      {back}
    </AuthCard>
  );
}
