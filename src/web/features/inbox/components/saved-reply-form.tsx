import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { directionOf, languages, type Language } from "../../../../shared/language.ts";
import { formatDateTime } from "../../../components/team/format.ts";
import { reportRejection } from "../../../components/team/report-rejection.ts";
import { fieldClasses, secondaryButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { toast } from "../../../toast/toast-store.ts";
import { createSavedReply } from "../api/create-saved-reply.ts";
import { updateSavedReply } from "../api/update-saved-reply.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { isolate } from "../model/isolate.ts";
import {
  isLater,
  savedReplyLimits,
  savedReplyProblems,
  type SavedReply,
  type SavedReplyFields,
} from "../model/saved-reply.ts";
import { SubmitButton } from "./submit-button.tsx";

/** What a save writes over: nothing (a new one), or the saved reply as this member read it. */
type Target = { kind: "new" } | { kind: "edit"; id: number; seen: string };

interface SavedReplyFormProps {
  /** The saved reply edited, as read when the form opened; none for a new one. */
  reply?: SavedReply;
  /**
   * The same saved reply as the team's list holds it now (heard live): null once deleted,
   * undefined when the list is not read.
   */
  current?: SavedReply | null;
  /** A new one opens a view's section (h2); one edited takes its place in the list (h3). */
  level: 2 | 3;
  onSaved: (saved: SavedReply) => void;
  onCancel: () => void;
}

const fieldNames = ["title", "body"] as const;
type FieldName = (typeof fieldNames)[number];

/** The database refused a new one because the team keeps as many as it allows. */
const isFull = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  "code" in error &&
  error.code === "23514" &&
  "hint" in error &&
  error.hint === "Delete one first.";

/**
 * One saved reply written: its title, language and text, each field in the saved reply's own
 * language and direction. A save names what this member read, so another member's change since
 * is never overwritten: it is shown beside this member's text, which stays, until they take
 * the other's or keep their own (and save again, over it, knowingly).
 */
export function SavedReplyForm({ reply, current, level, onSaved, onCancel }: SavedReplyFormProps) {
  const { language: pageLanguage, text } = useInboxContent();
  const words = text.savedReplies;
  const nameOf = useTeamNames();
  const describeFailure = useDescribeFailure();
  const id = useId();
  const [fields, setFields] = useState<SavedReplyFields>(() =>
    reply
      ? { language: reply.language, title: reply.title, body: reply.body }
      : { language: pageLanguage, title: "", body: "" },
  );
  const [target, setTarget] = useState<Target>(() =>
    reply ? { kind: "edit", id: reply.id, seen: reply.updated_at } : { kind: "new" },
  );
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [summary, setSummary] = useState(false);
  // Each save that finds problems takes the member to their summary.
  const [attempts, setAttempts] = useState(0);
  const [busy, setBusy] = useState(false);
  // What a save was refused for: the saved reply as it is now, or null when deleted.
  const [refused, setRefused] = useState<{ theirs: SavedReply | null }>();
  const title = useRef<HTMLInputElement>(null);
  const summaryBox = useRef<HTMLDivElement>(null);
  const conflictHeading = useRef<HTMLParagraphElement>(null);

  // Newer than what this member read, as the list hears it: the same conflict a save would meet.
  const heard =
    target.kind !== "edit" || current === undefined
      ? undefined
      : current === null
        ? { theirs: null }
        : isLater(current.updated_at, target.seen)
          ? { theirs: current }
          : undefined;
  const conflict = target.kind === "edit" ? (heard ?? refused) : undefined;

  useEffect(() => {
    title.current?.focus();
  }, []);
  useEffect(() => {
    if (attempts > 0) summaryBox.current?.focus();
  }, [attempts]);
  // Refused by the database: the member reads why before anything else.
  useEffect(() => {
    if (refused) conflictHeading.current?.focus();
  }, [refused]);

  function change(next: Partial<SavedReplyFields>) {
    setFields((before) => ({ ...before, ...next }));
    setSummary(false);
    setProblems((before) => {
      const kept = { ...before };
      for (const name of fieldNames) if (name in next) delete kept[name];
      return kept;
    });
  }

  async function save(as: Target) {
    const found = savedReplyProblems(fields);
    const said = Object.fromEntries(
      Object.entries(found).map(([name, problem]) => [name, words.problems[problem]]),
    );
    setProblems(said);
    setSummary(Object.keys(said).length > 0);
    if (Object.keys(said).length > 0) {
      setAttempts((count) => count + 1);
      return;
    }
    setBusy(true);
    try {
      if (as.kind === "new") {
        const made = await createSavedReply(fields);
        toast({ title: words.added });
        onSaved(made);
        return;
      }
      const result = await updateSavedReply(as.id, as.seen, fields);
      if (result.done) {
        toast({ title: words.saved });
        onSaved(result.row);
        return;
      }
      setRefused({ theirs: result.current });
    } catch (error) {
      toast({
        title: words.saveFailed,
        description: isFull(error) ? words.full : describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (conflict) {
      conflictHeading.current?.focus();
      return;
    }
    reportRejection(save(target));
  }

  function takeTheirs(theirs: SavedReply) {
    setFields({ language: theirs.language, title: theirs.title, body: theirs.body });
    setTarget({ kind: "edit", id: theirs.id, seen: theirs.updated_at });
    setRefused(undefined);
    setProblems({});
    title.current?.focus();
  }

  function keepMine(theirs: SavedReply) {
    setTarget({ kind: "edit", id: theirs.id, seen: theirs.updated_at });
    setRefused(undefined);
    title.current?.focus();
  }

  function saveAsNew() {
    setTarget({ kind: "new" });
    setRefused(undefined);
    reportRejection(save({ kind: "new" }));
  }

  const Heading = level === 2 ? "h2" : "h3";
  const direction = directionOf(fields.language);
  const problemList = fieldNames.flatMap((name) =>
    problems[name] ? [{ name, message: problems[name] }] : [],
  );
  const theirs = conflict?.theirs;
  const who = theirs ? isolate(nameOf({ id: theirs.updated_by }) ?? words.someone) : "";

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="grid gap-5 rounded-2xl border border-ink-900/15 bg-paper-200/60 p-4 sm:p-6"
    >
      <Heading id={`${id}-heading`} className="text-xl font-bold text-ink-900 wrap-anywhere">
        {reply ? words.editTitle(isolate(reply.title)) : words.newTitle}
      </Heading>
      {summary && problemList.length > 0 && (
        <div
          ref={summaryBox}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-3 focus:outline-gold-400"
        >
          <p className="mb-2 font-semibold">{words.problemsTitle}</p>
          <ul className="grid list-disc gap-1 ps-5">
            {problemList.map(({ name, message }) => (
              <li key={name}>
                <a
                  href={`#${id}-${name}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(`${id}-${name}`)?.focus();
                  }}
                  className="underline underline-offset-4"
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {conflict && (
        <div
          role="alert"
          className="grid min-w-0 gap-3 rounded-xl border-2 border-red-800/60 bg-paper p-4 wrap-anywhere"
        >
          <p ref={conflictHeading} tabIndex={-1} className="font-bold text-red-900">
            {theirs
              ? words.conflict.changed(who, formatDateTime(pageLanguage, theirs.updated_at))
              : words.conflict.deleted}
          </p>
          {theirs && (
            <div className="grid gap-2 rounded-xl bg-white p-3 shadow-inner shadow-ink-900/5">
              <p className="text-sm font-semibold text-ink-700">
                {words.conflict.theirs} ({words.languages[theirs.language]})
              </p>
              <p lang={theirs.language} dir="auto" className="font-semibold text-ink-900">
                {theirs.title}
              </p>
              <p
                lang={theirs.language}
                dir={directionOf(theirs.language)}
                className="whitespace-pre-wrap text-ink-950"
              >
                {theirs.body}
              </p>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {theirs ? (
              <>
                <button
                  type="button"
                  onClick={() => takeTheirs(theirs)}
                  className={secondaryButton}
                >
                  {words.conflict.useTheirs}
                </button>
                <button type="button" onClick={() => keepMine(theirs)} className={secondaryButton}>
                  {words.conflict.keepMine}
                </button>
              </>
            ) : (
              <button type="button" onClick={saveAsNew} className={secondaryButton}>
                {words.conflict.saveAsNew}
              </button>
            )}
          </div>
        </div>
      )}
      <FormField
        id={`${id}-title`}
        label={words.title}
        hint={words.titleHint}
        error={problems.title}
      >
        {(control) => (
          <input
            {...control}
            ref={title}
            lang={fields.language}
            dir={direction}
            maxLength={savedReplyLimits.title * 2}
            value={fields.title}
            onChange={(event) => change({ title: event.target.value })}
            className={`${fieldClasses} py-2`}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-ink-900">{words.language}</legend>
        <div className="flex flex-wrap gap-2">
          {languages.map((each: Language) => (
            <label
              key={each}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink-900/25 bg-white px-4 py-2 text-ink-900 has-checked:border-ink-900 has-checked:bg-ink-900 has-checked:text-paper has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-600"
            >
              <input
                type="radio"
                name={`${id}-language`}
                value={each}
                checked={fields.language === each}
                onChange={() => change({ language: each })}
                className="size-4 accent-gold-500"
              />
              {words.languages[each]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={`${id}-body`} label={words.body} hint={words.bodyHint} error={problems.body}>
        {(control) => (
          <textarea
            {...control}
            lang={fields.language}
            dir={direction}
            rows={8}
            value={fields.body}
            onChange={(event) => change({ body: event.target.value })}
            className={`${fieldClasses} resize-y`}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} label={words.save} busyLabel={words.saving} />
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
