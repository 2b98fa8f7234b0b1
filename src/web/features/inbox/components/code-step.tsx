import { reportRejection } from "../../../components/team/report-rejection.ts";
import { SubmitButton } from "./submit-button.tsx";
import { useId } from "react";
import { findVerifiedFactor } from "../api/find-factor.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useCodeForm } from "../hooks/use-code-form.ts";
import { useSignOut } from "../hooks/use-sign-out.ts";
import { AuthCard } from "./auth-card.tsx";
import { CodeField } from "./code-field.tsx";
import { secondaryButton } from "../../../components/team/styles.ts";

/**
 * A member signed in with a password proves the second factor: the app's current code. The
 * code field, not the heading, takes the focus when the step arrives, so that the code is typed
 * and Enter pressed at once; the field is read with the step's lead, which says what changed.
 */
export function CodeStep({ focus }: { focus: boolean }) {
  const { text } = useInboxContent();
  const signOut = useSignOut();
  const id = useId();
  const { form, code, setCode, error, busy, submit } = useCodeForm(findVerifiedFactor);

  return (
    <AuthCard title={text.code.title} lead={text.code.lead} focus={false} leadId={`${id}-lead`}>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => reportRejection(submit(event))}
        className="grid gap-5"
      >
        <CodeField
          id={`${id}-code`}
          value={code}
          error={error}
          onChange={setCode}
          focus={focus}
          describedBy={`${id}-lead`}
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
