import type { Language } from "../../../../../shared/language.ts";
import { primaryButton, secondaryButton } from "../../components/styles.ts";
import { formatDateTime } from "../../model/format.ts";
import type { SaveConflict } from "../api/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { changesBetween } from "../model/changes.ts";
import { describePath, describeValue } from "../model/describe.ts";

interface ConflictNoticeProps {
  conflict: SaveConflict;
  mine: unknown;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Another member saved this section first: who and when, and every field where their text and
 * this member's differ, both kept until this member chooses.
 */
export function ConflictNotice({ conflict, mine, onKeepMine, onTakeTheirs }: ConflictNoticeProps) {
  const { words, language } = useEditorContent();
  const differences = changesBetween(conflict.body, mine);
  const languageOf = (last: unknown) =>
    last === "ar" || last === "en" ? (last as Language) : undefined;
  return (
    <section
      role="alert"
      className="grid gap-3 rounded-3xl border-2 border-red-800/60 bg-paper p-4 sm:p-6"
    >
      <h2 className="text-xl font-bold text-red-900">
        {words.conflict.title(
          conflict.updated_by_email ?? words.conflict.someone,
          formatDateTime(language, conflict.updated_at),
        )}
      </h2>
      <p className="text-ink-800">{words.conflict.lead}</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-start text-sm">
          <thead>
            <tr className="border-b border-ink-900/20">
              <th scope="col" className="p-2 text-start">
                {words.conflict.field}
              </th>
              <th scope="col" className="p-2 text-start">
                {words.conflict.theirs}
              </th>
              <th scope="col" className="p-2 text-start">
                {words.conflict.yours}
              </th>
            </tr>
          </thead>
          <tbody>
            {differences.map((difference) => (
              <tr
                key={JSON.stringify(difference.path)}
                className="border-b border-ink-900/10 align-top"
              >
                <th scope="row" className="p-2 text-start font-semibold">
                  {describePath(words, difference.path, language)}
                </th>
                <td
                  lang={languageOf(difference.path.at(-1))}
                  dir="auto"
                  className="p-2 wrap-anywhere"
                >
                  {describeValue(difference.before, difference.path, language)}
                </td>
                <td
                  lang={languageOf(difference.path.at(-1))}
                  dir="auto"
                  className="p-2 wrap-anywhere"
                >
                  {describeValue(difference.after, difference.path, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
