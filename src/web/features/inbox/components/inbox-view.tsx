import { Suspense, useContext, useEffect, useMemo, useRef } from "react";
import { forgetDraftsOfRemoved } from "../api/forget-drafts-of-removed.ts";
import { PageMeta } from "../../../components/layout/page-meta.tsx";
import { SiteEditorSlot } from "../../../components/team/site-editor-slot.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useInboxAddress } from "../hooks/use-inbox-address.ts";
import { useLiveInbox } from "../hooks/use-live-inbox.ts";
import { useMailState } from "../hooks/use-mail-state.ts";
import { useSubmissions } from "../hooks/use-submissions.ts";
import { countedTitle, withLiveRows } from "../model/live-inbox.ts";
import { dropExpiredDrafts } from "../model/note-draft.ts";
import { AccountMenu } from "./account-menu.tsx";
import { LiveNotice } from "./live-notice.tsx";
import { StepHeading } from "./step-heading.tsx";
import { MailStateNotice } from "./mail-state-notice.tsx";
import { SavedRepliesView } from "./saved-replies-view.tsx";
import { SubmissionDetail } from "./submission-detail.tsx";
import { SubmissionList } from "./submission-list.tsx";
import { ViewTabs } from "./view-tabs.tsx";

/**
 * The inbox itself: its heading, the account's menu and its parts: the submissions (whether
 * mail is delivered, the list, or one of them open), the site's content and the team's saved
 * replies. It follows the team's work live: arrivals counted in the page's title until the
 * member looks.
 */
export function InboxView({ focus }: { focus: boolean }) {
  const { language, text } = useInboxContent();
  const { address, hrefFor, go } = useInboxAddress();
  const live = useLiveInbox(address.open);
  const { result, replace, refresh } = useSubmissions(address.filter, address.page);
  const { edits } = live;
  const shown = useMemo(
    () =>
      result.data
        ? { ...result, data: { ...result.data, rows: withLiveRows(result.data.rows, edits) } }
        : result,
    [result, edits],
  );
  const mail = useMailState();
  // The site editor, a feature of its own: the route composing the team's pages gives it.
  const siteEditor = useContext(SiteEditorSlot);
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
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6">
      <PageMeta
        text={{ ...text.meta, title: countedTitle(text.meta.title, live.unseen, language) }}
        indexable={false}
      />
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <StepHeading focus={focus}>
            {address.view === "site"
              ? text.views.site
              : address.view === "replies"
                ? text.views.replies
                : text.list.title}
          </StepHeading>
          <AccountMenu />
        </div>
        <ViewTabs view={address.view} hrefFor={hrefFor} />
      </div>
      <LiveNotice live={live} />
      {address.view === "site" ? (
        <Suspense fallback={<p role="status">{text.shell.loading}</p>}>
          {siteEditor?.({ part: address.part, hrefFor })}
        </Suspense>
      ) : address.view === "replies" ? (
        <SavedRepliesView />
      ) : address.open === undefined ? (
        <>
          <MailStateNotice state={mail.state} hrefFor={hrefFor} />
          {!mail.settled && (
            <p role="status" className="text-ink-800">
              {text.list.loading}
            </p>
          )}
          {/* Shown with the first word on mail (one read, beside the list's own): a notice drawn
              above it later would move the search and the rows under a member's tap. */}
          <div hidden={!mail.settled}>
            <SubmissionList
              address={address}
              result={shown}
              hrefFor={hrefFor}
              go={go}
              refresh={refresh}
            />
          </div>
        </>
      ) : (
        <SubmissionDetail
          id={address.open}
          backHref={hrefFor({ open: undefined })}
          onSaved={replace}
          onRemoved={refresh}
          others={live.others}
          removal={live.removal}
        />
      )}
    </div>
  );
}
