import { useEditorContent } from "../content/use-editor-content.ts";
import type { Change } from "../model/changes.ts";
import { describePath, describeValue } from "../model/describe.ts";
import type { FieldPath } from "../model/problems.ts";

interface ChangeListProps {
  changes: readonly Change[];
  /** What comes before a change's path when it is not the whole document's: its section. */
  within?: FieldPath;
  labels: { before: string; after: string };
  /** Strikes out the text that goes: a publish's "now". */
  strikeBefore?: boolean;
  /** Said for an empty value. */
  empty?: string;
}

/** Each changed field, named as a member reads it, with its two texts one above the other. */
export function ChangeList({
  changes,
  within = [],
  labels,
  strikeBefore = false,
  empty = "",
}: ChangeListProps) {
  const { words, language } = useEditorContent();
  const shown = (value: unknown, path: FieldPath) => describeValue(value, path, language) || empty;
  return (
    <ul className="grid gap-3">
      {changes.map(({ path, before, after }) => {
        const last = path.at(-1);
        const textLanguage = last === "ar" || last === "en" ? last : undefined;
        return (
          <li
            key={JSON.stringify(path)}
            className="grid gap-1 rounded-2xl border border-ink-900/15 p-3 text-sm"
          >
            <p className="font-semibold text-ink-900">
              {describePath(words, [...within, ...path], language)}
            </p>
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
              <dt className="text-ink-700">{labels.before}</dt>
              <dd
                lang={textLanguage}
                dir="auto"
                className={`wrap-anywhere ${strikeBefore ? "text-ink-800 line-through decoration-red-700/60" : "text-ink-900"}`}
              >
                {shown(before, path)}
              </dd>
              <dt className="text-ink-700">{labels.after}</dt>
              <dd
                lang={textLanguage}
                dir="auto"
                className="wrap-anywhere font-semibold text-ink-950"
              >
                {shown(after, path)}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
