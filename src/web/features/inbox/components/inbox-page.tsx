import { useCallback, useEffect, useState } from "react";
import { PageMeta } from "../../../components/layout/page-meta.tsx";
import { useAuth } from "../../../auth/use-auth.ts";
import { dismissToasts } from "../../../toast/toast-store.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useIdleSignOut } from "../hooks/use-idle-sign-out.ts";
import { useSignOut } from "../hooks/use-sign-out.ts";
import { useInboxStep } from "../hooks/use-inbox-step.ts";
import type { InboxStep } from "../model/step.ts";
import { CodeStep } from "./code-step.tsx";
import { EnrolStep } from "./enrol-step.tsx";
import { IdleWarning } from "./idle-warning.tsx";
import { InboxView } from "./inbox-view.tsx";
import { NotMemberStep } from "./not-member-step.tsx";
import { PasswordStep } from "./password-step.tsx";
import { SignInStep } from "./sign-in-step.tsx";
import { TeamNamesProvider } from "./team-names-provider.tsx";
import { TeamQueryProvider } from "./team-query-provider.tsx";

function Loading() {
  const { text } = useInboxContent();
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      <h1 className="font-display text-3xl text-ink-900 sm:text-4xl">{text.list.title}</h1>
      <p role="status" className="text-ink-800">
        {text.shell.loading}
      </p>
      <p className="max-w-md font-semibold text-ink-900">
        <noscript>{text.shell.needsJavaScript}</noscript>
      </p>
    </div>
  );
}

/**
 * The team's inbox, one step at a time: sign in, choose a password (first time, from the
 * invitation), add an authenticator app or give its code, then the submissions; an account
 * that is not on the team stops after signing in. Prerendered as
 * its loading step; a session left alone for 30 minutes signs itself out, after a warning two
 * minutes before that offers to stay.
 */
export function InboxPage() {
  const { text } = useInboxContent();
  const { signOut } = useAuth();
  const signOutAsAsked = useSignOut();
  const { step, recovering, markPasswordChosen } = useInboxStep();
  const [idleSignedOut, setIdleSignedOut] = useState(false);

  // Focus follows a change of step, not the first one shown when the page opens.
  const [shown, setShown] = useState<InboxStep>(step);
  const [focusStep, setFocusStep] = useState(false);
  if (shown !== step) {
    setShown(step);
    if (shown !== "loading") setFocusStep(true);
    if (step !== "sign-in") setIdleSignedOut(false);
  }

  // A step's toasts end with it: a failure the member got past must not greet the next step.
  useEffect(() => dismissToasts(), [step]);

  // Not asked for by the member: their drafts stay, to be offered back after signing in again.
  const onIdle = useCallback(() => {
    void signOut("local").then((signedOut) => setIdleSignedOut(signedOut));
  }, [signOut]);
  const { warning, stay } = useIdleSignOut(step !== "loading" && step !== "sign-in", onIdle);

  return (
    <div className="bg-paper-200 px-4 py-5 text-ink-950 sm:px-6 sm:py-12">
      {/* The inbox itself writes its title, with what arrived unseen. */}
      {step !== "inbox" && <PageMeta text={text.meta} indexable={false} />}
      <div className="mx-auto max-w-5xl" inert={warning}>
        {step === "loading" && <Loading />}
        {step === "sign-in" && <SignInStep focus={focusStep} idleSignedOut={idleSignedOut} />}
        {step === "not-member" && <NotMemberStep focus={focusStep} />}
        {step === "password" && (
          <PasswordStep focus={focusStep} onChosen={markPasswordChosen} recovering={recovering} />
        )}
        {step === "enrol" && <EnrolStep focus={focusStep} />}
        {step === "code" && <CodeStep focus={focusStep} />}
        {step === "inbox" && (
          <TeamQueryProvider>
            <TeamNamesProvider>
              <InboxView focus={focusStep} />
            </TeamNamesProvider>
          </TeamQueryProvider>
        )}
      </div>
      {warning && <IdleWarning onStay={stay} onSignOut={() => void signOutAsAsked("local")} />}
    </div>
  );
}
