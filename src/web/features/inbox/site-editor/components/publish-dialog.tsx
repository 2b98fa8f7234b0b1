import { useEffect, useId, useRef } from "react";
import type { Language } from "../../../../../shared/language.ts";
import { primaryButton, secondaryButton } from "../../components/styles.ts";
import { useEditorContent } from "../content/use-editor-content.ts";
import type { Change } from "../model/changes.ts";
import { describePath, describeValue } from "../model/describe.ts";

interface PublishDialogProps {
  open: boolean;
  changes: readonly Change[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before publishing, showing every field that changes as it is now and as it will be. A
 * modal dialog: the editor behind it inert, Escape closes it, "not now" focused first.
 */
export function PublishDialog({ open, changes, busy, onConfirm, onClose }: PublishDialogProps) {
  const { words, language } = useEditorContent();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const shown = (value: unknown, path: Change["path"]) => {
    const written = describeValue(value, path, language);
    return written === "" ? words.publish.empty : written;
  };
  const languageOf = (path: Change["path"]): Language | undefined => {
    const last = path.at(-1);
    return last === "ar" || last === "en" ? last : undefined;
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] rounded-3xl bg-paper p-5 text-ink-950 shadow-2xl backdrop:bg-ink-950/50 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-900">
        {words.publish.title}
      </h2>
      <p id={`${id}-lead`} className="mb-4 text-ink-800">
        {words.publish.lead}
      </p>
      <ul className="mb-6 grid gap-3">
        {changes.map((change) => {
          const textLanguage = languageOf(change.path);
          return (
            <li
              key={JSON.stringify(change.path)}
              className="rounded-2xl border border-ink-900/15 p-3"
            >
              <p className="font-semibold text-ink-900">
                {describePath(words, change.path, language)}
              </p>
              <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt className="text-ink-700">{words.publish.before}</dt>
                <dd
                  lang={textLanguage}
                  dir="auto"
                  className="wrap-anywhere text-ink-800 line-through decoration-red-700/60"
                >
                  {shown(change.before, change.path)}
                </dd>
                <dt className="text-ink-700">{words.publish.after}</dt>
                <dd
                  lang={textLanguage}
                  dir="auto"
                  className="wrap-anywhere font-semibold text-ink-950"
                >
                  {shown(change.after, change.path)}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" autoFocus onClick={onClose} className={secondaryButton}>
          {words.publish.cancel}
        </button>
        <button
          type="button"
          aria-busy={busy}
          aria-disabled={busy}
          onClick={busy ? undefined : onConfirm}
          className={primaryButton}
        >
          {busy ? words.publish.publishing : words.publish.confirm}
        </button>
      </div>
    </dialog>
  );
}
