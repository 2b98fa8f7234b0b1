import { SubmitButton } from "./submit-button.tsx";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "../../../toast/toast-store.ts";
import { enrolFactor, type NewFactor } from "../api/enrol-factor.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useCodeForm } from "../hooks/use-code-form.ts";
import { AuthCard } from "./auth-card.tsx";
import { CodeField } from "./code-field.tsx";
import { secondaryButton } from "./styles.ts";
import { useDescribeFailure } from "../hooks/use-describe-failure.ts";

/** The key in groups of four, easier to read and type; copied whole. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/gu, "$1 ");
}

/**
 * A member without an authenticator app adds one: a new factor's QR code and key, then the
 * code the app shows, which makes the session aal2.
 */
export function EnrolStep({ focus }: { focus: boolean }) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [factor, setFactor] = useState<NewFactor | "failed" | undefined>();
  const [copied, setCopied] = useState(false);
  const started = useRef(false);
  const { form, code, setCode, invalid, busy, submit } = useCodeForm(
    typeof factor === "object" ? factor.id : undefined,
    text.enrol.failed,
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enrolFactor().then(setFactor, (error: unknown) => {
      setFactor("failed");
      toast({
        title: text.enrol.failed,
        description: describeFailure(error),
        variant: "destructive",
      });
    });
  }, [text, describeFailure]);

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <AuthCard title={text.enrol.title} lead={text.enrol.lead} focus={focus}>
      {factor === undefined && <p role="status">{text.enrol.preparing}</p>}
      {typeof factor === "object" && (
        <>
          <div className="grid justify-items-center gap-5 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
            <img
              src={factor.qrCode}
              alt={text.enrol.qrAlt}
              width={192}
              height={192}
              className="size-48 rounded-xl border border-ink-900/15 bg-white p-2"
            />
            <div className="grid w-full gap-2">
              <p className="font-semibold text-ink-900">{text.enrol.secretLabel}</p>
              <p className="text-sm text-ink-700">{text.enrol.secretHint}</p>
              <code
                dir="ltr"
                className="block rounded-lg bg-ink-900/5 px-3 py-2 font-mono text-base text-ink-950 select-all"
              >
                {grouped(factor.secret)}
              </code>
              {/* On a phone the app is usually on the same screen: no QR code to scan. */}
              <a href={factor.uri} className={`${secondaryButton} sm:hidden`}>
                {text.enrol.openApp}
              </a>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  onClick={() => void copy(factor.secret)}
                  className={secondaryButton}
                >
                  {text.enrol.copy}
                </button>
                <p role="status" className="text-sm font-semibold text-ink-800">
                  {copied ? text.enrol.copied : ""}
                </p>
              </div>
            </div>
          </div>
          <form ref={form} noValidate onSubmit={submit} className="grid gap-5">
            <CodeField
              id={`${id}-code`}
              value={code}
              error={invalid ? text.codeField.invalid : undefined}
              onChange={setCode}
            />
            <SubmitButton busy={busy} label={text.enrol.submit} busyLabel={text.enrol.submitting} />
          </form>
        </>
      )}
    </AuthCard>
  );
}
