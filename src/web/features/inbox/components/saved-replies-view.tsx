import { useEffect, useRef, useState } from "react";
import { directionOf } from "../../../../shared/language.ts";
import { ConfirmDialog } from "../../../components/team/confirm-dialog.tsx";
import { formatDateTime } from "../../../components/team/format.ts";
import { primaryButton, quietButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { useTeamNames } from "../../../components/team/use-team-names.ts";
import { toast } from "../../../toast/toast-store.ts";
import { deleteSavedReply } from "../api/delete-saved-reply.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useSavedReplies } from "../hooks/use-saved-replies.ts";
import { isolate } from "../model/isolate.ts";
import { inLanguageOrder, type SavedReply } from "../model/saved-reply.ts";
import { SavedReplyForm } from "./saved-reply-form.tsx";

type Editing = { kind: "new" } | { kind: "edit"; reply: SavedReply };

const addId = "saved-reply-add";
const itemId = (id: number) => `saved-reply-${id}`;
const editId = (id: number) => `saved-reply-${id}-edit`;

/**
 * The team's saved replies, each language's together (the page's first): added, edited and
 * deleted here, one form open at a time. What another member changes is heard live; what they
 * changed since this member opened a saved reply is never overwritten (SavedReplyForm), nor
 * deleted unseen.
 */
export function SavedRepliesView() {
  const { language, text } = useInboxContent();
  const words = text.savedReplies;
  const nameOf = useTeamNames();
  const describeFailure = useDescribeFailure();
  const { replies, state, refresh } = useSavedReplies();
  const [editing, setEditing] = useState<Editing>();
  const [asking, setAsking] = useState<SavedReply>();
  const [busy, setBusy] = useState(false);
  // A deletion refused: the saved reply changed after this member read it.
  const [refusal, setRefusal] = useState<{ id: number; said: string }>();
  // Where focus goes once the page shows it: a saved reply saved, or the control that opened a
  // form; a saved reply just added shows once the list is read again.
  const focusNext = useRef<string>(undefined);
  useEffect(() => {
    const element = focusNext.current && document.getElementById(focusNext.current);
    if (!element) return;
    focusNext.current = undefined;
    element.focus();
  });

  const who = (reply: SavedReply) => isolate(nameOf({ id: reply.updated_by }) ?? words.someone);

  function close(focus: string) {
    focusNext.current = focus;
    setEditing(undefined);
  }

  function saved(reply: SavedReply) {
    close(itemId(reply.id));
    void refresh();
  }

  async function remove(reply: SavedReply) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await deleteSavedReply(reply.id, reply.updated_at);
      if (result.done || result.current === null) {
        focusNext.current = addId;
        toast({ title: words.removed });
      } else {
        const current = result.current;
        setRefusal({
          id: reply.id,
          said: words.conflict.notRemoved(
            who(current),
            formatDateTime(language, current.updated_at),
          ),
        });
        focusNext.current = itemId(reply.id);
      }
      setAsking(undefined);
      await refresh();
    } catch (error) {
      toast({
        title: words.removeFailed,
        description: describeFailure(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  // The one being edited keeps its place, under what it was when opened, whatever others do to
  // it meanwhile (the form says what they did): moved, the form would lose what was typed.
  const editedId = editing?.kind === "edit" ? editing.reply.id : undefined;
  const listed =
    editing?.kind === "edit"
      ? [...(replies ?? []).filter((each) => each.id !== editedId), editing.reply]
      : (replies ?? []);
  const groups = inLanguageOrder(listed, language);
  const current = (id: number) =>
    replies === undefined ? undefined : (replies.find((each) => each.id === id) ?? null);

  return (
    <div className="grid gap-6">
      <p className="max-w-prose text-ink-800">{words.lead}</p>
      {editing?.kind === "new" ? (
        <SavedReplyForm level={2} onSaved={saved} onCancel={() => close(addId)} />
      ) : (
        <button
          id={addId}
          type="button"
          onClick={() => {
            setRefusal(undefined);
            setEditing({ kind: "new" });
          }}
          className={`${primaryButton} justify-self-start`}
        >
          {words.add}
        </button>
      )}
      {state !== "ready" ? (
        <p role="status" className="text-ink-800">
          {state === "loading" ? words.loading : words.failed}
        </p>
      ) : groups.length === 0 ? (
        <p className="text-ink-800">{words.empty}</p>
      ) : (
        groups.map((group) => (
          <section
            key={group.language}
            aria-labelledby={`saved-replies-${group.language}`}
            className="grid gap-3"
          >
            <h2 id={`saved-replies-${group.language}`} className="text-xl font-bold text-ink-900">
              {words.inLanguage[group.language]}
            </h2>
            <ul className="grid gap-3">
              {group.replies.map((reply) =>
                reply.id === editedId ? (
                  <li key={reply.id}>
                    <SavedReplyForm
                      reply={reply}
                      current={current(reply.id)}
                      level={3}
                      onSaved={saved}
                      onCancel={() => close(editId(reply.id))}
                    />
                  </li>
                ) : (
                  <li
                    key={reply.id}
                    className="grid min-w-0 gap-2 rounded-2xl bg-paper p-4 shadow-md shadow-ink-950/5 sm:p-5"
                  >
                    <h3
                      id={itemId(reply.id)}
                      tabIndex={-1}
                      lang={reply.language}
                      dir="auto"
                      className="font-bold text-ink-900 wrap-anywhere focus:outline-none"
                    >
                      {reply.title}
                    </h3>
                    {refusal?.id === reply.id && (
                      <p
                        role="alert"
                        className="rounded-xl border-s-4 border-red-800 bg-red-50 px-4 py-3 font-semibold text-red-900"
                      >
                        {refusal.said}
                      </p>
                    )}
                    <p
                      lang={reply.language}
                      dir={directionOf(reply.language)}
                      className="line-clamp-6 whitespace-pre-wrap text-ink-950 wrap-anywhere"
                    >
                      {reply.body}
                    </p>
                    <p className="text-sm text-ink-700">
                      {words.changedBy(who(reply), formatDateTime(language, reply.updated_at))}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <button
                        id={editId(reply.id)}
                        type="button"
                        aria-label={words.editNamed(reply.title)}
                        onClick={() => {
                          setRefusal(undefined);
                          setEditing({ kind: "edit", reply });
                        }}
                        className={quietButton}
                      >
                        {words.edit}
                      </button>
                      <button
                        type="button"
                        aria-label={words.removeNamed(reply.title)}
                        onClick={() => {
                          setRefusal(undefined);
                          setAsking(reply);
                        }}
                        className={quietButton}
                      >
                        {words.remove}
                      </button>
                    </div>
                  </li>
                ),
              )}
            </ul>
          </section>
        ))
      )}
      <ConfirmDialog
        open={asking !== undefined}
        question={asking ? words.removeQuestion(isolate(asking.title)) : ""}
        confirm={words.removeConfirm}
        busy={busy}
        onConfirm={() => {
          if (asking) void remove(asking);
        }}
        onClose={() => setAsking(undefined)}
      />
    </div>
  );
}
