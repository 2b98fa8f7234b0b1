import { useId, useState } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { ConfirmDialog } from "../../../components/team/confirm-dialog.tsx";
import { secondaryButton } from "../../../components/team/styles.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { formatNumber } from "../../../lib/format.ts";
import type { Version } from "../api/site-content.ts";
import { describeDrafts, describeRenderProblem } from "../model/describe.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import type { DraftAuthor } from "./publish-dialog.tsx";

interface HistoryPanelProps {
  versions: readonly Version[];
  /** The version the site shows: the newest whose content renders. */
  live: number | null;
  busy: boolean;
  /** The unpublished drafts a restore would replace, with who saved each, once read. */
  replaces: readonly DraftAuthor[] | undefined;
  /** The member pressed restore: read whose drafts it would replace. */
  onAsk: (version: Version) => void;
  onRestore: (version: Version) => void;
}

/** The version the site showed before the one at `index` (newest first): the next that rendered. */
function shownBefore(versions: readonly Version[], index: number): number | undefined {
  return versions.slice(index + 1).find((version) => !version.render_problem)?.id;
}

const numberOrNone = (value: number | undefined, number: (value: number) => string) =>
  value === undefined ? undefined : number(value);

/** Every publication, newest first: who, when, what changed; any earlier one can be restored. */
export function HistoryPanel({
  versions,
  live,
  busy,
  replaces,
  onAsk,
  onRestore,
}: HistoryPanelProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const id = useId();
  const [asked, setAsked] = useState<Version | undefined>(undefined);
  const number = (value: number) => formatNumber(language, value);
  const sectionNames = (changed: readonly string[]) =>
    changed
      .map((section) => words.sections[section as keyof typeof words.sections] ?? section)
      .join(language === "ar" ? "، " : ", ");
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
        {words.history.title}
      </h2>
      {versions.length === 0 ? (
        <p className="text-ink-800">{words.history.empty}</p>
      ) : (
        <ol className="grid gap-3">
          {versions.map((version, index) => (
            <li
              key={version.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-paper p-4 shadow-sm shadow-ink-950/5"
            >
              <div className="grid min-w-0 gap-1 wrap-anywhere">
                <p className="font-semibold text-ink-900">
                  {words.history.version(number(version.id))}
                  {version.id === live && (
                    <span className="ms-2 rounded-full bg-gold-400/30 px-2 py-0.5 text-sm">
                      {words.history.current}
                    </span>
                  )}
                </p>
                <p className="text-sm text-ink-800">
                  {words.history.by(
                    nameOf({ email: version.published_by_email }) ?? "—",
                    formatDateTime(language, version.published_at),
                  )}
                </p>
                {version.changed.length > 0 && (
                  <p className="text-sm text-ink-800">
                    {words.history.changed(sectionNames(version.changed))}
                  </p>
                )}
                {version.restored_from !== null && (
                  <p className="text-sm text-ink-800">
                    {words.history.restoredFrom(
                      number(version.restored_from),
                      numberOrNone(shownBefore(versions, index), number),
                    )}
                  </p>
                )}
                {version.render_problem && (
                  <p className="text-sm font-semibold text-red-800">
                    {words.history.renderProblem(
                      describeRenderProblem(words, version.render_problem, language),
                    )}
                  </p>
                )}
              </div>
              {version.id !== live && (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`${words.history.restore}: ${words.history.version(number(version.id))}`}
                  onClick={() => {
                    setAsked(version);
                    onAsk(version);
                  }}
                >
                  {words.history.restore}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={asked !== undefined}
        question={
          asked
            ? [
                words.history.restoreQuestion(number(asked.id)),
                replaces && replaces.length > 0
                  ? words.history.replaces(describeDrafts(words, language, replaces))
                  : "",
              ].join(" ")
            : ""
        }
        confirm={words.history.restore}
        busy={busy || replaces === undefined}
        onConfirm={() => {
          if (asked) onRestore(asked);
          setAsked(undefined);
        }}
        onClose={() => setAsked(undefined)}
      />
    </section>
  );
}
