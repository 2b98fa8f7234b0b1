import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { Language } from "../../../../shared/language.ts";
import { fieldClasses, secondaryButton } from "../../../components/team/styles.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useInboxAddress } from "../hooks/use-inbox-address.ts";
import { useSavedReplies } from "../hooks/use-saved-replies.ts";
import { isolate } from "../model/isolate.ts";
import { inLanguageOrder, type SavedReply } from "../model/saved-reply.ts";

interface SavedReplyPickerProps {
  /** The reply's language: its saved replies are listed first. */
  language: Language;
  /** Puts the saved reply's text in the reply box, and the member's focus back in it. */
  onInsert: (reply: SavedReply) => void;
}

/**
 * The team's saved replies, to put into the reply being written: a native select (each language
 * a group, the reply's own first) and a button that inserts the one chosen. A button rather than
 * inserting on change: a keyboard moving through a closed select changes its value at each key.
 */
export function SavedReplyPicker({ language, onInsert }: SavedReplyPickerProps) {
  const { text } = useInboxContent();
  const words = text.savedReplies;
  const { replies, state } = useSavedReplies();
  const { hrefFor } = useInboxAddress();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState("");

  const manage = (
    <Link
      to={hrefFor({ view: "replies", open: undefined })}
      className="justify-self-start text-sm font-semibold text-ink-900 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900"
    >
      {words.picker.manage}
    </Link>
  );

  if (state === "failed" || (replies && replies.length === 0)) {
    return (
      <div className="grid gap-1">
        <p className="text-sm text-ink-700">
          {state === "failed" ? words.picker.failed : words.picker.none}
        </p>
        {manage}
      </div>
    );
  }

  function insert() {
    if (!replies) return;
    const reply = replies.find((each) => String(each.id) === chosen);
    if (!reply) {
      setError(words.picker.chooseFirst);
      setSaid("");
      select.current?.focus();
      return;
    }
    setChosen("");
    setError(undefined);
    setSaid(words.picker.inserted(isolate(reply.title)));
    onInsert(reply);
  }

  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2 rounded-2xl border border-ink-900/15 bg-paper-200/40 p-3 sm:p-4">
      <label htmlFor={`${id}-select`} className="font-semibold text-ink-900">
        {words.picker.label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-700">
        {words.picker.hint}
      </p>
      <div className="flex flex-wrap gap-2 sm:max-w-xl">
        <select
          ref={select}
          id={`${id}-select`}
          value={chosen}
          disabled={!replies}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setChosen(event.target.value);
            setError(undefined);
          }}
          className={`${fieldClasses} min-w-0 flex-1 basis-40 py-2`}
        >
          <option value="">{replies ? words.picker.choose : words.loading}</option>
          {inLanguageOrder(replies ?? [], language).map((group) => (
            <optgroup key={group.language} label={words.inLanguage[group.language]}>
              {group.replies.map((reply) => (
                <option key={reply.id} value={reply.id} lang={reply.language}>
                  {reply.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <button
          type="button"
          onClick={insert}
          aria-disabled={!replies || undefined}
          className={secondaryButton}
        >
          {words.picker.insert}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      {manage}
    </div>
  );
}
