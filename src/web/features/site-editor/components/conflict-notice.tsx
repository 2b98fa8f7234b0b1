import type { MouseEvent } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { formatNumber } from "../../../lib/format.ts";
import { formatCount, formatDateTime } from "../../../components/team/format.ts";
import type { SaveConflict } from "../api/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { describePath, isolated } from "../model/describe.ts";
import type { MergedConflict } from "../model/draft-store.ts";
import { unchosen, type Choices, type Merge } from "../model/merge.ts";
import type { FieldPath } from "../model/problems.ts";
import { choiceId, focusInView, mergedId } from "./conflict-choice.tsx";

interface ConflictNoticeProps {
  section: SiteContentSection;
  conflict: SaveConflict;
  /** While the conflict stands: the merge as it is now. */
  merge?: Merge;
  choices?: Choices;
  /** Once it is merged: whose text each field took. */
  merged?: MergedConflict;
}

/** Moves focus to the control a field's choice belongs to, else to the choice itself. */
function goToChoice(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const choice = window.document.getElementById(id);
  if (!choice) return;
  event.preventDefault();
  const field = choice.dataset.field && window.document.getElementById(choice.dataset.field);
  focusInView(field || choice);
}

/**
 * Another member saved this section first: who and when, how many fields both changed wait for
 * this member's choice (each chosen where it stands, linked from here), and what merged without
 * a question. Once merged, the same notice says whose text each field took.
 */
export function ConflictNotice({ section, conflict, merge, choices, merged }: ConflictNoticeProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const who = isolated(nameOf({ email: conflict.updated_by_email }) ?? words.conflict.someone);
  const time = isolated(formatDateTime(language, conflict.updated_at));
  const named = (paths: readonly FieldPath[]) =>
    paths
      .map((path) => describePath(words, [section, ...path], language))
      .join(language === "ar" ? "، " : ", ");
  const title = merged
    ? words.conflict.merged(who, time)
    : conflict.restored_from
      ? words.conflict.restored(who, formatNumber(language, conflict.restored_from), time)
      : words.conflict.title(who, time);
  const theirs = merge?.theirs ?? merged?.theirs ?? [];
  const mine = merge?.mine ?? merged?.mine ?? [];
  const waiting = merge ? unchosen(merge, choices) : [];
  const chose = (side: "mine" | "theirs") =>
    (merged?.chosen ?? []).filter((each) => each.side === side).map(({ path }) => path);
  return (
    <section
      // Once merged, the whole notice is said once; while the conflict stands, its title and lead.
      role={merged ? "status" : undefined}
      aria-labelledby={mergedId(section)}
      className={`grid min-w-0 gap-2 rounded-3xl border-2 bg-paper p-4 text-ink-800 wrap-anywhere sm:p-6 ${merged ? "border-ink-900/20" : "border-red-800/60"}`}
    >
      {/* Said once when it appears; the count below it changes as the member chooses. */}
      <div role={merged ? undefined : "alert"} className="grid gap-2">
        <h2
          id={mergedId(section)}
          tabIndex={-1}
          className={`font-bold ${merged ? "text-lg text-ink-900" : "text-xl text-red-900"}`}
        >
          {title}
        </h2>
        {merge && <p>{words.conflict.lead}</p>}
      </div>
      {waiting.length > 0 && (
        <div className="grid gap-1">
          <p id={`${mergedId(section)}-waiting`} className="font-semibold text-red-900">
            {formatCount(language, waiting.length, words.conflict.pending)}
          </p>
          <ul
            aria-labelledby={`${mergedId(section)}-waiting`}
            className="grid list-disc gap-1 ps-5"
          >
            {waiting.map(({ path }) => {
              const id = choiceId(section, path);
              return (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    onClick={(event) => goToChoice(event, id)}
                    className="font-semibold text-ink-900 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
                  >
                    {describePath(words, [section, ...path], language)}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {chose("mine").length > 0 && <p>{words.conflict.choseMine(named(chose("mine")))}</p>}
      {chose("theirs").length > 0 && <p>{words.conflict.choseTheirs(named(chose("theirs")))}</p>}
      {theirs.length > 0 && <p>{words.conflict.theirsTaken(named(theirs))}</p>}
      {mine.length > 0 && <p>{words.conflict.mineKept(named(mine))}</p>}
    </section>
  );
}
