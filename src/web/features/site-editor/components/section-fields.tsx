import { ChevronRight } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { Language } from "../../../../shared/language.ts";
import type { SiteContentSection } from "../../../../shared/site-content.ts";
import { formatNumber, formatWeekday } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../components/team/confirm-dialog.tsx";
import { fieldClasses, secondaryButton } from "../../../components/team/styles.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import { describePath } from "../model/describe.ts";
import {
  blankItem,
  fieldId,
  fixedLength,
  foldsGroups,
  isBilingual,
  itemName,
} from "../model/fields.ts";
import { keysAt, limitAt, pathKey, problemsWithin, type FieldPath } from "../model/problems.ts";
import { ConflictChoice, useFieldConflict } from "./conflict-choice.tsx";
import { PhotoField } from "./photo-field.tsx";

interface NodeProps {
  section: SiteContentSection;
  path: FieldPath;
  value: unknown;
  /** The same place in what the site shows now, to show beside a changed draft. */
  published: unknown;
  problems: ReadonlyMap<string, string>;
  onChange: (value: unknown) => void;
  /** The id of a note every field under this one is described by as well. */
  hintId?: string;
  /** The group this value is a field of: a photo is shown beside its name or title. */
  owner?: Record<string, unknown>;
}

const languages: readonly Language[] = ["ar", "en"];
const smallButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-ink-900/25 px-3 text-sm font-semibold text-ink-900 transition-colors hover:bg-ink-900/5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 disabled:opacity-40";

/** The last named key of a path: what the field is called. */
function keyOf(path: FieldPath): string {
  return [...path].reverse().find((part) => typeof part === "string") ?? "";
}

function Note({
  id,
  tone,
  children,
}: {
  id: string;
  tone: "plain" | "problem";
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      className={`text-sm wrap-anywhere ${tone === "problem" ? "font-semibold text-red-800" : "text-ink-700"}`}
    >
      {children}
    </p>
  );
}

/** One text, in one language: its label, its count of characters, what the site shows now. */
function TextField({
  section,
  path,
  value,
  published,
  problems,
  onChange,
  label,
  language,
  hintId,
}: NodeProps & { label: string; language: Language }) {
  const { words, language: pageLanguage } = useEditorContent();
  const id = fieldId(section, path);
  const limit = limitAt(section, path.slice(0, -1));
  const text = typeof value === "string" ? value : "";
  const problem = problems.get(pathKey(path));
  const long = (limit ?? 0) > 80;
  const changed = typeof published === "string" && published !== text;
  const conflict = useFieldConflict(path);
  const described = [
    hintId,
    `${id}-count`,
    problem && `${id}-problem`,
    changed && `${id}-published`,
    conflict && `${conflict.id}-legend`,
  ]
    .filter(Boolean)
    .join(" ");
  const shared = {
    id,
    lang: language,
    dir: language === "ar" ? "rtl" : "ltr",
    value: text,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": described,
    className: `${fieldClasses} ${long ? "min-h-28" : ""}`,
  } as const;
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink-900">
        {label}
      </label>
      {long ? (
        <textarea {...shared} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <Note id={`${id}-count`} tone="plain">
        {limit === undefined
          ? null
          : words.characters(
              formatNumber(pageLanguage, [...text].length),
              formatNumber(pageLanguage, limit),
            )}
      </Note>
      {problem && (
        <Note id={`${id}-problem`} tone="problem">
          {problem}
        </Note>
      )}
      {changed && (
        <Note id={`${id}-published`} tone="plain">
          {words.published}{" "}
          {published.trim() === "" ? (
            words.publishedEmpty
          ) : (
            <bdi lang={language} dir={language === "ar" ? "rtl" : "ltr"} className="text-ink-900">
              {published}
            </bdi>
          )}
        </Note>
      )}
      <ConflictChoice path={path} label={label} fieldId={id} />
    </div>
  );
}

/** A text in both languages: side by side on a wide screen, one above the other on a phone. */
function BilingualField(props: NodeProps) {
  const { words } = useEditorContent();
  const name = words.fields[keyOf(props.path)] ?? keyOf(props.path);
  const value = props.value as Record<Language, string>;
  const published = (props.published ?? {}) as Partial<Record<Language, string>>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {languages.map((language) => (
        <TextField
          key={language}
          {...props}
          path={[...props.path, language]}
          value={value[language]}
          published={published[language]}
          label={words.inLanguage(name, words.languages[language])}
          language={language}
          onChange={(text) => props.onChange({ ...value, [language]: text })}
        />
      ))}
    </div>
  );
}

const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;

/** A single value that is not words: a day, a time, a link, an address name, an icon. */
function ScalarField({ section, path, value, published, problems, onChange }: NodeProps) {
  const { words, language } = useEditorContent();
  const id = fieldId(section, path);
  const key = keyOf(path);
  const label = words.fields[key] ?? key;
  const problem = problems.get(pathKey(path));
  const changed = published !== undefined && published !== value;
  const shownPublished = key === "day" ? dayName(language, Number(published)) : String(published);
  const conflict = useFieldConflict(path);
  const described = [
    problem && `${id}-problem`,
    changed && `${id}-published`,
    conflict && `${conflict.id}-legend`,
  ]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": described || undefined,
    className: fieldClasses,
  } as const;
  let control: ReactNode;
  if (key === "day") {
    control = (
      <select
        {...common}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {weekdays.map((day) => (
          <option key={day} value={day}>
            {dayName(language, day)}
          </option>
        ))}
      </select>
    );
  } else if (key === "icon") {
    control = (
      <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)}>
        {["awareness", "speech", "dignity", "impact"].map((icon) => (
          <option key={icon} value={icon}>
            {words.fields[icon]}
          </option>
        ))}
      </select>
    );
  } else if (key === "start" || key === "end") {
    const optional = section === "programs" && key === "end";
    control = (
      <input
        {...common}
        type="time"
        dir="ltr"
        required={!optional}
        value={typeof value === "string" ? value : ""}
        // An optional time left empty is no time at all, not an empty one.
        onChange={(event) =>
          onChange(optional && event.target.value === "" ? undefined : event.target.value)
        }
      />
    );
  } else {
    const link = key !== "id";
    control = (
      <input
        {...common}
        type={link ? "url" : "text"}
        inputMode={link ? "url" : undefined}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        placeholder={link ? "https://" : undefined}
        value={typeof value === "string" ? value : ""}
        // A link pasted on a phone often brings a space or a line break with it.
        onChange={(event) => onChange(link ? event.target.value.trim() : event.target.value)}
      />
    );
  }
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink-900">
        {label}
      </label>
      {control}
      {section === "programs" && key === "end" && value === undefined && (
        <Note id={`${id}-none`} tone="plain">
          {words.noEnd}
        </Note>
      )}
      {problem && (
        <Note id={`${id}-problem`} tone="problem">
          {problem}
        </Note>
      )}
      {changed && (
        <Note id={`${id}-published`} tone="plain">
          {words.published}{" "}
          {published === undefined || shownPublished.trim() === "" ? (
            words.publishedEmpty
          ) : (
            <bdi dir="auto" className="text-ink-900">
              {shownPublished}
            </bdi>
          )}
        </Note>
      )}
      <ConflictChoice path={path} label={label} fieldId={id} />
    </div>
  );
}

/** A weekday's name, 0 for Sunday, as the site writes it; empty for anything else. */
function dayName(language: Language, day: number): string {
  return Number.isInteger(day) && day >= 0 && day <= 6 ? formatWeekday(language, day) : "";
}

/** A list the team reorders, adds to and removes from (with a question first). */
function ListField({ section, path, value, published, problems, onChange }: NodeProps) {
  const { words, language } = useEditorContent();
  const [removing, setRemoving] = useState<number | undefined>(undefined);
  const list = value as unknown[];
  const publishedList = Array.isArray(published) ? published : [];
  // A section that is a list (programs, values, stories) names its items by the section.
  const key = keyOf(path) || section;
  const fixed = fixedLength(section, path);
  const problem = problems.get(pathKey(path));
  const nameOf = (index: number) => itemName(words, key, list[index], index, language);

  function move(index: number, by: number) {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  }

  return (
    <div className="grid gap-4">
      {problem && (
        <p
          id={fieldId(section, path)}
          tabIndex={-1}
          className="font-semibold wrap-anywhere text-red-800 focus:outline-3 focus:outline-offset-2 focus:outline-gold-400"
        >
          {problem}
        </p>
      )}
      <ol className="grid gap-4">
        {list.map((item, index) => (
          // Items have no ids of their own; a position is what the member sees and moves.
          <li key={index}>
            <fieldset className="grid min-w-0 gap-4 rounded-2xl border border-ink-900/15 bg-white/60 p-4">
              <legend className="max-w-full px-2 font-bold wrap-anywhere text-ink-900">
                <bdi>{nameOf(index)}</bdi>
              </legend>
              <Node
                section={section}
                path={[...path, index]}
                value={item}
                published={publishedList[index]}
                problems={problems}
                onChange={(next) => onChange(list.map((each, at) => (at === index ? next : each)))}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === 0}
                  aria-label={`${words.list.moveUp}: ${nameOf(index)}`}
                  onClick={() => move(index, -1)}
                >
                  {words.list.moveUp}
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === list.length - 1}
                  aria-label={`${words.list.moveDown}: ${nameOf(index)}`}
                  onClick={() => move(index, 1)}
                >
                  {words.list.moveDown}
                </button>
                {!fixed && (
                  <button
                    type="button"
                    className={`${smallButton} text-red-800`}
                    aria-label={`${words.list.remove}: ${nameOf(index)}`}
                    onClick={() => setRemoving(index)}
                  >
                    {words.list.remove}
                  </button>
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {!fixed && (
        <button
          type="button"
          className={`${secondaryButton} justify-self-start`}
          onClick={() => onChange([...list, blankItem(section, key, list)])}
        >
          {words.list.add(itemName(words, key, undefined, list.length, language))}
        </button>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        question={removing === undefined ? "" : words.list.removeQuestion(nameOf(removing))}
        confirm={words.list.remove}
        busy={false}
        onConfirm={() => {
          onChange(list.filter((_, at) => at !== removing));
          setRemoving(undefined);
        }}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  );
}

/**
 * A group of fields under its name; in a long section, folded to its name and how many of its
 * fields need mending.
 */
function GroupField(props: NodeProps) {
  const { words, language } = useEditorContent();
  const key = keyOf(props.path);
  const value = (props.value ?? {}) as Record<string, unknown>;
  const published = (props.published ?? {}) as Record<string, unknown>;
  const keys = keysAt(props.section, props.path) ?? Object.keys(value);
  const fields = (
    <div className="grid gap-5">
      {keys.map((child) => (
        <Node
          key={child}
          {...props}
          path={[...props.path, child]}
          value={value[child]}
          published={published[child]}
          owner={value}
          onChange={(next) => {
            const changed = { ...value, [child]: next };
            if (next === undefined) delete changed[child];
            props.onChange(changed);
          }}
        />
      ))}
    </div>
  );
  // A list's item is named by its fieldset; the section's own top is named by the page.
  if (typeof props.path.at(-1) !== "string") return fields;
  const name = words.fields[key] ?? key;
  if (!foldsGroups(props.section)) {
    return (
      <fieldset className="grid min-w-0 gap-4 border-t border-ink-900/15 pt-4">
        <legend className="pe-2 text-lg font-bold wrap-anywhere text-ink-900">{name}</legend>
        {fields}
      </fieldset>
    );
  }
  const count = problemsWithin(props.problems, props.path);
  return (
    <details
      id={fieldId(props.section, props.path)}
      className="group/fold min-w-0 rounded-2xl border border-ink-900/15 bg-white/60"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-2 font-bold text-ink-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-700 transition-transform rtl:rotate-180 group-open/fold:rotate-90 rtl:group-open/fold:rotate-90"
        />
        <span className="min-w-0 flex-1 wrap-anywhere">{name}</span>
        {count > 0 && (
          <span className="shrink-0 rounded-full bg-red-800 px-2 py-0.5 text-xs text-white">
            {words.problems.inGroup(formatNumber(language, count))}
          </span>
        )}
      </summary>
      <fieldset className="grid min-w-0 gap-4 px-4 pb-4">
        <legend className="sr-only">{name}</legend>
        {fields}
      </fieldset>
    </details>
  );
}

/** Whatever is at `path`, drawn as the kind of value it is. */
export function Node(props: NodeProps) {
  const { words, language } = useEditorContent();
  if (props.path.at(-1) === "image") {
    const image = props.value as { alt: unknown } | undefined;
    const published = props.published as { alt?: unknown } | undefined;
    const path = [...props.path, "alt"];
    return (
      <PhotoField {...props} beside={besidePhoto(props.owner, language)}>
        {image && (
          <BilingualField
            {...props}
            path={path}
            value={image.alt}
            published={published?.alt}
            hintId={`${fieldId(props.section, [...props.path, "path"])}-alt-hint`}
            onChange={(alt) => props.onChange({ ...image, alt })}
          />
        )}
      </PhotoField>
    );
  }
  if (Array.isArray(props.value) || isBilingual(props.value) || isGroup(props)) {
    // A list or a group both members changed past merging field by field (a list each made
    // longer or shorter) is chosen whole, under it.
    return (
      <>
        <Kind {...props} />
        <ConflictChoice
          path={props.path}
          label={describePath(words, [props.section, ...props.path], language)}
        />
      </>
    );
  }
  return <ScalarField {...props} />;
}

/** What the site shows beside a photo: its story's speaker, its program's or its page's title. */
function besidePhoto(owner: Record<string, unknown> | undefined, language: Language) {
  const named = (owner?.author ?? owner?.title) as Partial<Record<Language, string>> | undefined;
  return named?.[language]?.trim() || undefined;
}

function isGroup(props: NodeProps) {
  if (typeof props.value === "object" && props.value !== null) return true;
  return props.value === undefined && keysAt(props.section, props.path) !== undefined;
}

function Kind(props: NodeProps) {
  if (Array.isArray(props.value)) return <ListField {...props} />;
  if (isBilingual(props.value)) return <BilingualField {...props} />;
  return <GroupField {...props} />;
}
