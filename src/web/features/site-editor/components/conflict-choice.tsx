import { createContext, useContext } from "react";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import type { SaveConflict } from "../api/site-content.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { describeValue, isolated } from "../model/describe.ts";
import { itemName } from "../model/fields.ts";
import type { Choices, FieldConflict, Side } from "../model/merge.ts";
import { pathKey, type FieldPath } from "../model/problems.ts";

/** A section's standing conflict, as the fields read it. */
export interface ConflictState {
  section: SiteContentSection;
  conflict: SaveConflict;
  conflicts: readonly FieldConflict[];
  choices: Choices;
  choose: (path: FieldPath, side: Side) => void;
}

export const ConflictContext = createContext<ConflictState | undefined>(undefined);

/** The id of the choice under a field: what the section's notice links to. */
export const choiceId = (section: SiteContentSection, path: FieldPath) =>
  `conflict-${section}-${path.join("-") || "all"}`;

/** The conflict notice's heading: where focus goes once merged when no field can take it. */
export const mergedId = (section: SiteContentSection) => `merged-${section}`;

/** Focuses an element in the middle of the screen, clear of the editor's sticky bar. */
export function focusInView(element: HTMLElement | null) {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: "center" });
}

/** The conflict at this field, when both members changed it. */
export function useFieldConflict(path: FieldPath) {
  const state = useContext(ConflictContext);
  const key = pathKey(path);
  const conflict = state?.conflicts.find((each) => pathKey(each.path) === key);
  return state && conflict ? { state, conflict, id: choiceId(state.section, path) } : undefined;
}

/** The last named key of a path: the list a position is in. */
function keyOf(path: FieldPath): string {
  return [...path].reverse().find((part) => typeof part === "string") ?? "";
}

const choiceButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-ink-900/30 px-4 font-semibold text-ink-900 transition-colors hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 aria-pressed:border-ink-900 aria-pressed:bg-ink-900 aria-pressed:text-paper";

interface ConflictChoiceProps {
  path: FieldPath;
  /** The field's own name, as its label says it. */
  label: string;
  /** The control the member types in, where focus returns once the conflict is merged. */
  fieldId?: string;
}

/**
 * Under a field both members changed: who changed it and when, both texts, and this member's
 * choice. A choice moves focus to the next field that waits for one; the last saves the merge,
 * and focus returns to the field.
 */
export function ConflictChoice({ path, label, fieldId }: ConflictChoiceProps) {
  const { words, language } = useEditorContent();
  const nameOf = useTeamNames();
  const found = useFieldConflict(path);
  if (!found) return null;
  const { state, conflict, id } = found;
  const chosen = state.choices[pathKey(path)];
  const last = path.at(-1);
  const textLanguage = last === "ar" || last === "en" ? last : undefined;
  const list = keyOf(path) || state.section;
  // A list both changed past lining up is chosen whole: its items, by name.
  const shown = (value: unknown) =>
    (Array.isArray(value)
      ? value.map((item, index) => itemName(words, list, item, index, language)).join("\n")
      : typeof value === "object" && value !== null
        ? JSON.stringify(value)
        : describeValue(value, path, language)) || words.conflict.empty;

  function choose(side: Side) {
    const key = pathKey(path);
    const next = state.conflicts.find(
      (each) => pathKey(each.path) !== key && state.choices[pathKey(each.path)] === undefined,
    );
    state.choose(path, side);
    if (next) {
      focusInView(window.document.getElementById(choiceId(state.section, next.path)));
    } else if (fieldId) {
      focusInView(window.document.getElementById(fieldId));
    } else {
      // The choice is gone once merged: focus goes to the notice that says so.
      requestAnimationFrame(() => window.document.getElementById(mergedId(state.section))?.focus());
    }
  }

  const texts: { side: Side; name: string; value: unknown }[] = [
    { side: "theirs", name: words.conflict.theirs, value: conflict.theirs },
    { side: "mine", name: words.conflict.yours, value: conflict.mine },
  ];
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      data-field={fieldId}
      aria-describedby={`${id}-who`}
      className="grid min-w-0 gap-2 rounded-2xl border-2 border-red-800/60 bg-red-50/60 p-3 text-sm wrap-anywhere focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
    >
      <legend id={`${id}-legend`} className="float-start w-full font-bold text-red-900">
        {words.conflict.field(label)}
      </legend>
      <p id={`${id}-who`} className="text-ink-800">
        {words.conflict.changedBy(
          isolated(nameOf({ email: state.conflict.updated_by_email }) ?? words.conflict.someone),
          isolated(formatDateTime(language, state.conflict.updated_at)),
        )}
      </p>
      <dl className="grid gap-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3">
        {texts.map(({ side, name, value }) => (
          <div key={side} className="contents">
            <dt className="text-ink-700">{name}</dt>
            <dd
              lang={textLanguage}
              dir="auto"
              className="whitespace-pre-line font-semibold text-ink-950"
            >
              {shown(value)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={choiceButton}
          aria-pressed={chosen === "mine"}
          onClick={() => choose("mine")}
        >
          {words.conflict.keepMine}
        </button>
        <button
          type="button"
          className={choiceButton}
          aria-pressed={chosen === "theirs"}
          onClick={() => choose("theirs")}
        >
          {words.conflict.takeTheirs}
        </button>
      </div>
    </fieldset>
  );
}
