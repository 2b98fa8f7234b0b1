import { Eye } from "lucide-react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { Language } from "../../../../shared/language.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { isolated } from "../model/describe.ts";
import type { PresenceNews } from "../hooks/use-editors.ts";
import type { Editor } from "../model/presence.ts";

function listed(language: Language, names: readonly string[]) {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(names.map(isolated));
}

/**
 * Under a section's heading: the other members who have it open, by name, in words, or, while
 * the team's channel is lost and joined again, that it is. Said aloud only as news (someone
 * arrived, the channel lost or back), in a polite status of its own that is emptied once read.
 */
export function PresenceLine({
  others,
  away,
  news,
}: {
  others: readonly Editor[];
  away: boolean;
  news: PresenceNews | undefined;
}) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const say = (editors: readonly Editor[]) =>
    words.presence.here(
      listed(
        language,
        editors.map(({ key, name }) => nameOf({ id: key, name }) ?? words.conflict.someone),
      ),
      editors.length,
    );
  const said =
    news?.kind === "arrived"
      ? say(news.editors)
      : news?.kind === "away"
        ? words.presence.away
        : news?.kind === "back"
          ? words.presence.back
          : "";
  return (
    <>
      {away ? (
        <p className="rounded-2xl border border-dashed border-ink-900/30 px-3 py-2 text-sm font-semibold text-ink-800 wrap-anywhere">
          {words.presence.away}
        </p>
      ) : (
        others.length > 0 && (
          // An icon the public pages already carry: every lucide icon travels in the framework
          // chunk each page loads, so a new one would weigh on all of them.
          <p className="flex min-w-0 items-start gap-2 rounded-2xl bg-gold-200/60 px-3 py-2 text-sm font-semibold text-ink-900 wrap-anywhere">
            <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{say(others)}</span>
          </p>
        )
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
    </>
  );
}
