import { useEffect, useRef } from "react";
import { useAuth } from "../../../auth/use-auth.ts";
import { forgetDraftsOfRemoved } from "../api/forget-drafts-of-removed.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useInboxAddress } from "../hooks/use-inbox-address.ts";
import { useMailState } from "../hooks/use-mail-state.ts";
import { useSignOut } from "../hooks/use-sign-out.ts";
import { useSubmissions } from "../hooks/use-submissions.ts";
import { dropExpiredDrafts } from "../model/note-draft.ts";
import { StepHeading } from "./step-heading.tsx";
import { MailStateNotice } from "./mail-state-notice.tsx";
import { quietButton } from "./styles.ts";
import { SubmissionDetail } from "./submission-detail.tsx";
import { SubmissionList } from "./submission-list.tsx";

/**
 * The inbox itself: who is signed in, whether mail is delivered, the list of submissions, or
 * one of them open.
 */
export function InboxView({ focus }: { focus: boolean }) {
  const { text } = useInboxContent();
  const { user } = useAuth();
  const signOut = useSignOut();
  const { address, hrefFor, go } = useInboxAddress();
  const { result, replace, refresh, reading } = useSubmissions(address.filter, address.page);
  const mail = useMailState();
  const lastOpened = useRef<number | undefined>(undefined);

  // Drafts outlive neither their week nor their submission, wherever it was deleted.
  useEffect(() => {
    dropExpiredDrafts();
    forgetDraftsOfRemoved().catch(() => {});
  }, []);

  // Back from a submission, focus returns to it in the list.
  useEffect(() => {
    if (address.open !== undefined) {
      lastOpened.current = address.open;
      return;
    }
    const opened = lastOpened.current;
    lastOpened.current = undefined;
    if (opened === undefined) return;
    document.querySelector<HTMLElement>(`[data-submission="${opened}"]`)?.focus();
  }, [address.open, result.data]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <StepHeading focus={focus}>{text.list.title}</StepHeading>
        <div className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm text-ink-700 sm:w-auto">
            {text.session.account} <bdi className="font-semibold text-ink-900">{user?.email}</bdi>
          </p>
          <button type="button" onClick={() => void signOut("local")} className={quietButton}>
            {text.session.signOut}
          </button>
          <button type="button" onClick={() => void signOut("global")} className={quietButton}>
            {text.session.signOutEverywhere}
          </button>
        </div>
      </div>
      {address.open === undefined ? (
        <>
          <MailStateNotice state={mail} hrefFor={hrefFor} />
          <SubmissionList
            address={address}
            result={result}
            reading={reading}
            hrefFor={hrefFor}
            go={go}
            refresh={refresh}
          />
        </>
      ) : (
        <SubmissionDetail
          id={address.open}
          backHref={hrefFor({ open: undefined })}
          onSaved={replace}
          onRemoved={refresh}
        />
      )}
    </div>
  );
}
