import { reportRejection } from "../../../components/team/report-rejection.ts";
import { SubmitButton } from "./submit-button.tsx";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { toast } from "../../../toast/toast-store.ts";
import { enrolFactor, type NewFactor } from "../api/enrol-factor.ts";
import { readEnrolment } from "../api/read-enrolment.ts";
import { rememberFactorShown } from "../api/remember-factor-shown.ts";
import { removeFactor } from "../api/remove-factor.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useCodeForm } from "../hooks/use-code-form.ts";
import { startEnrolment } from "../model/invitation.ts";
import { AuthCard } from "./auth-card.tsx";
import { CodeField } from "./code-field.tsx";
import { secondaryButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";

/** The key in groups of four, easier to read and type; copied whole. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/gu, "$1 ");
}

const factorGone = (failure: unknown) =>
  typeof failure === "object" &&
  failure !== null &&
  "code" in failure &&
  failure.code === "mfa_factor_not_found";

type Shown =
  | { kind: "preparing" }
  | { kind: "failed" }
  /** The factor shown before an interruption, proved by the app that scanned it. */
  | { kind: "resume"; factorId: string }
  | { kind: "new"; factor: NewFactor; rescan: boolean };

/** A new factor to scan, once the ones nobody can prove any more are gone. */
async function showNew(stale: readonly string[], rescan: boolean): Promise<Shown> {
  await Promise.all(stale.map((factorId) => removeFactor(factorId)));
  const factor = await enrolFactor();
  await rememberFactorShown(factor.id);
  return { kind: "new", factor, rescan };
}

/**
 * A member without an authenticator app adds one: a new factor's QR code and key, then the
 * code the app shows, which makes the session aal2. After a reload, a closed tab or on another
 * device, the factor shown before is proved with the app's code while the server keeps it;
 * once it is gone, the member is told to remove its entry from the app and scan a new one.
 */
export function EnrolStep({ focus }: { focus: boolean }) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [shown, setShown] = useState<Shown>({ kind: "preparing" });
  const [copied, setCopied] = useState(false);
  const started = useRef(false);
  const notice = useRef<HTMLDivElement>(null);
  const focusNotice = useRef(false);

  const show = useCallback(
    (next: Promise<Shown>) => {
      setShown({ kind: "preparing" });
      next.then(setShown, (error: unknown) => {
        setShown({ kind: "failed" });
        toast({
          title: text.enrol.failed,
          description: describeFailure(error),
          variant: "destructive",
        });
      });
    },
    [text, describeFailure],
  );

  const scanAgain = useCallback(
    (factorId: string) => {
      focusNotice.current = true;
      show(showNew([factorId], true));
    },
    [show],
  );

  const factorId =
    shown.kind === "resume" ? shown.factorId : shown.kind === "new" ? shown.factor.id : undefined;
  const {
    form,
    code: digits,
    setCode,
    error,
    busy,
    submit,
  } = useCodeForm(factorId, (failure) => {
    // The factor shown before lapsed while the member looked for the app.
    if (shown.kind !== "resume" || !factorGone(failure)) return false;
    scanAgain(shown.factorId);
    return true;
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    show(
      readEnrolment().then(({ unverified, shown: last }) => {
        const start = startEnrolment(unverified, last);
        return start.kind === "resume" ? start : showNew(start.stale, start.rescan);
      }),
    );
  }, [show]);

  // The screen changed under the member's hands: the notice says why.
  useEffect(() => {
    if (shown.kind !== "new" || !focusNotice.current) return;
    focusNotice.current = false;
    notice.current?.focus();
  }, [shown]);

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const codeForm = (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => reportRejection(submit(event))}
      className="grid gap-5"
    >
      <CodeField id={`${id}-code`} value={digits} error={error} onChange={setCode} />
      <SubmitButton busy={busy} label={text.enrol.submit} busyLabel={text.enrol.submitting} />
    </form>
  );

  return (
    <AuthCard
      title={text.enrol.title}
      lead={shown.kind === "resume" ? text.invitation.resumeLead : text.enrol.lead}
      focus={focus}
    >
      {shown.kind === "preparing" && <p role="status">{text.enrol.preparing}</p>}
      {shown.kind === "resume" && (
        <>
          {codeForm}
          <div className="grid gap-2 border-t border-ink-900/10 pt-5">
            <p className="text-ink-800">{text.invitation.notInApp}</p>
            <button
              type="button"
              onClick={() => scanAgain(shown.factorId)}
              className={`${secondaryButton} sm:justify-self-start`}
            >
              {text.invitation.showNew}
            </button>
          </div>
        </>
      )}
      {shown.kind === "new" && (
        <>
          {shown.rescan && (
            <div
              ref={notice}
              tabIndex={-1}
              className="grid gap-1 rounded-xl border-s-4 border-gold-600 bg-gold-200/50 px-4 py-3 text-ink-950 focus:outline-3 focus:outline-offset-2 focus:outline-gold-600"
            >
              <p className="font-bold">{text.invitation.rescanTitle}</p>
              <p>{text.invitation.rescanBody}</p>
            </div>
          )}
          <div className="grid justify-items-center gap-5 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
            <img
              src={shown.factor.qrCode}
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
                {grouped(shown.factor.secret)}
              </code>
              {/* On a phone the app is usually on the same screen: no QR code to scan. */}
              <a href={shown.factor.uri} className={`${secondaryButton} sm:hidden`}>
                {text.enrol.openApp}
              </a>
              <div className="flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  onClick={() => void copy(shown.factor.secret)}
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
          {codeForm}
        </>
      )}
    </AuthCard>
  );
}
