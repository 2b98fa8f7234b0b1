import type { Language } from "../../../../../shared/language.ts";
import type { SiteContentSection } from "../../../../../shared/site-content.ts";
import { primaryButton, secondaryButton } from "../../components/styles.ts";
import { formatDateTime } from "../../model/format.ts";
import type { SaveConflict } from "../api/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { changesBetween } from "../model/changes.ts";
import { describePath, describeValue } from "../model/describe.ts";

interface ConflictNoticeProps {
  section: SiteContentSection;
  conflict: SaveConflict;
  mine: unknown;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Another member saved this section first: who and when, and every field where their text and
 * this member's differ, both kept until this member chooses.
 */
export function ConflictNotice({
  section,
  conflict,
  mine,
  onKeepMine,
  onTakeTheirs,
}: ConflictNoticeProps) {
  const { words, language } = useEditorContent();
  const differences = changesBetween(conflict.body, mine);
  const languageOf = (last: unknown) =>
    last === "ar" || last === "en" ? (last as Language) : undefined;
  return (
    <section
      role="alert"
      className="grid min-w-0 gap-3 rounded-3xl border-2 border-red-800/60 bg-paper p-4 wrap-anywhere sm:p-6"
    >
      <h2 className="text-xl font-bold text-red-900">
        {words.conflict.title(
          conflict.updated_by_email ?? words.conflict.someone,
          formatDateTime(language, conflict.updated_at),
        )}
      </h2>
      <p className="text-ink-800">{words.conflict.lead}</p>
      <ul className="grid gap-3">
        {differences.map((difference) => {
          const textLanguage = languageOf(difference.path.at(-1));
          return (
            <li
              key={JSON.stringify(difference.path)}
              className="grid gap-1 rounded-2xl border border-ink-900/15 p-3 text-sm"
            >
              <p className="font-semibold text-ink-900">
                {describePath(words, [section, ...difference.path], language)}
              </p>
              <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt className="text-ink-700">{words.conflict.theirs}</dt>
                <dd lang={textLanguage} dir="auto" className="wrap-anywhere text-ink-900">
                  {describeValue(difference.before, difference.path, language)}
                </dd>
                <dt className="text-ink-700">{words.conflict.yours}</dt>
                <dd
                  lang={textLanguage}
                  dir="auto"
                  className="wrap-anywhere font-semibold text-ink-950"
                >
                  {describeValue(difference.after, difference.path, language)}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onKeepMine} className={primaryButton}>
          {words.conflict.keepMine}
        </button>
        <button type="button" onClick={onTakeTheirs} className={secondaryButton}>
          {words.conflict.takeTheirs}
        </button>
      </div>
    </section>
  );
}
