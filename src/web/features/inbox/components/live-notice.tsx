import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { announcementWords, type LiveInbox } from "../model/live-inbox.ts";

/**
 * The live inbox's words: what arrived or what another member did, said politely to a screen
 * reader (the list and the open submission show it), and a quiet note while the connection is
 * lost. Both regions are always there, so that what enters them is heard.
 */
export function LiveNotice({ live }: { live: LiveInbox }) {
  const { language, text } = useInboxContent();
  const { announcement } = live;
  const nameOf = useTeamNames();
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement && (
          <span key={announcement.serial}>
            {announcementWords(announcement, language, text.live, text.statuses, nameOf)}
          </span>
        )}
      </p>
      <div role="status" className="empty:hidden">
        {live.connection === "down" && (
          <p className="rounded-xl border-s-4 border-ink-900/30 bg-paper px-4 py-2 text-sm text-ink-800 sm:text-base">
            {text.live.offline}
          </p>
        )}
      </div>
    </>
  );
}
