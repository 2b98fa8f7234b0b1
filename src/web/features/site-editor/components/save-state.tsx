import { formatNumber } from "../../../lib/format.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { formatCount, formatDateTime } from "../../../components/team/format.ts";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { isolated } from "../model/describe.ts";
import type { SectionDraft } from "../model/draft-store.ts";

/**
 * How the section's draft stands. A draft last saved by another member names them: a member who
 * has typed nothing yet does not read another's save as their own, nor miss one that just
 * replaced the text on the screen.
 */
export function SaveState({
  draft,
  savedBy,
  waiting,
}: {
  draft: SectionDraft;
  savedBy: string | undefined;
  /** How many fields of a conflict wait for the member's choice. */
  waiting: number;
}) {
  const { words, language } = useEditorContent();
  const describeFailure = useDescribeFailure();
  const time = draft.savedAt && formatDateTime(language, draft.savedAt);
  const nameOf = useTeamNames();
  const named = savedBy && isolated(nameOf({ email: savedBy }) ?? savedBy);
  const said =
    draft.status === "saving"
      ? words.save.saving
      : draft.status === "unsaved"
        ? words.save.unsaved
        : draft.status === "held"
          ? words.save.held
          : draft.status === "conflict"
            ? words.save.conflict(
                isolated(
                  nameOf({ email: draft.conflict?.updated_by_email }) ?? words.conflict.someone,
                ),
                formatCount(language, waiting, words.conflict.pending),
              )
            : draft.status === "failed"
              ? words.save.failed(describeFailure(draft.failure))
              : draft.status === "saved" &&
                  !draft.arrived &&
                  (draft.savedBy === null || draft.savedAt === undefined)
                ? // Installed or imported, never saved by a member: its time says nothing of them.
                  words.save.initial
                : draft.status === "saved" && time
                  ? !named
                    ? words.save.saved(time)
                    : draft.arrived?.restoredFrom
                      ? words.save.arrivedRestore(
                          named,
                          formatNumber(language, draft.arrived.restoredFrom),
                          time,
                        )
                      : draft.arrived
                        ? words.save.arrived(named, time)
                        : words.save.savedBy(named, time)
                  : "";
  return (
    <p
      role="status"
      className={`min-w-0 text-sm wrap-anywhere ${["failed", "held", "conflict"].includes(draft.status) ? "font-semibold text-red-800" : "text-ink-700"}`}
    >
      {said}
    </p>
  );
}
