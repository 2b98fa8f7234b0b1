import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { lineOf, type Change } from "../model/changes.ts";
import { describePath, describeValue, valueAt } from "../model/describe.ts";
import type { FieldPath } from "../model/problems.ts";
import { PhotoCrop } from "./photo-crop.tsx";

interface ChangeListProps {
  changes: readonly Change[];
  /** What comes before a change's path when it is not the whole document's: its section. */
  within?: FieldPath;
  labels: { before: string; after: string };
  /** Strikes out the text that goes: a publish's "now". */
  strikeBefore?: boolean;
  /** Said for an empty value. */
  empty?: string;
  /** Both whole documents, by section: items named by their titles, photos by their crop. */
  documents?: { before: unknown; after: unknown };
  /** The lines new since the list was last shown (`lineOf`), marked with `freshLabel`. */
  fresh?: ReadonlySet<string>;
  freshLabel?: string;
}

/** A photo's path, named by the photo in its crop and its description, not by where it is kept. */
function isPhotoPath(path: FieldPath) {
  return path.at(-1) === "path" && path.at(-2) === "image";
}

/** Each changed field, named as a member reads it, with its two texts one above the other. */
export function ChangeList({
  changes,
  within = [],
  labels,
  strikeBefore = false,
  empty = "",
  documents,
  fresh,
  freshLabel,
}: ChangeListProps) {
  const { words, language } = useEditorContent();
  const shown = (value: unknown, path: FieldPath, side: "before" | "after") => {
    const whole = [...within, ...path];
    const section = whole[0] as SiteContentSection;
    if (isPhotoPath(path) && typeof value === "string" && value !== "") {
      const image = valueAt(documents?.[side], whole.slice(0, -1)) as
        { alt?: Partial<Record<string, string>> } | undefined;
      const alt = image?.alt?.[language]?.trim() ?? "";
      return (
        <PhotoCrop section={section} source={value} alt={alt} lazy>
          <span className="min-w-0">{alt || words.photo.legend}</span>
        </PhotoCrop>
      );
    }
    return describeValue(value, path, language) || empty;
  };
  return (
    <ul className="grid gap-3">
      {changes.map((change) => {
        const { path, before, after } = change;
        const last = path.at(-1);
        const textLanguage = last === "ar" || last === "en" ? last : undefined;
        const isFresh = fresh?.has(lineOf(change)) ?? false;
        // An item removed is named as it was; any other by what it will be.
        const named = after === undefined ? documents?.before : documents?.after;
        return (
          <li
            key={JSON.stringify(path)}
            className={`grid gap-1 rounded-2xl border p-3 text-sm ${isFresh ? "border-gold-600 bg-gold-400/15 ring-2 ring-gold-400" : "border-ink-900/15"}`}
          >
            <p className="font-semibold text-ink-900 wrap-anywhere">
              {isFresh && freshLabel && (
                <span className="me-2 inline-block rounded-full bg-ink-900 px-2 py-0.5 text-xs text-paper">
                  {freshLabel}
                </span>
              )}
              {describePath(words, [...within, ...path], language, named)}
            </p>
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
              <dt className="text-ink-700">{labels.before}</dt>
              <dd
                lang={textLanguage}
                dir="auto"
                className={`wrap-anywhere ${strikeBefore ? "text-ink-800 line-through decoration-red-700/60" : "text-ink-900"}`}
              >
                {shown(before, path, "before")}
              </dd>
              <dt className="text-ink-700">{labels.after}</dt>
              <dd
                lang={textLanguage}
                dir="auto"
                className="wrap-anywhere font-semibold text-ink-950"
              >
                {shown(after, path, "after")}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
