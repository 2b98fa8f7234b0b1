import { Eye } from "lucide-react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { Language } from "../../../../shared/language.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { isolated } from "../model/describe.ts";
import type { Editor } from "../model/presence.ts";

function listed(language: Language, names: readonly string[]) {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(names.map(isolated));
}

/**
 * Under a section's heading: the other members who have it open, by name, in words. Said aloud
 * only when someone arrives (a polite status of its own), never at each change of the channel.
 */
export function PresenceLine({
  others,
  arrived,
}: {
  others: readonly Editor[];
  arrived: readonly Editor[];
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
  return (
    <>
      {others.length > 0 && (
        // An icon the public pages already carry: every lucide icon travels in the framework
        // chunk each page loads, so a new one would weigh on all of them.
        <p className="flex min-w-0 items-start gap-2 rounded-2xl bg-gold-200/60 px-3 py-2 text-sm font-semibold text-ink-900 wrap-anywhere">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{say(others)}</span>
        </p>
      )}
      <p role="status" className="sr-only">
        {arrived.length > 0 ? say(arrived) : ""}
      </p>
    </>
  );
}
