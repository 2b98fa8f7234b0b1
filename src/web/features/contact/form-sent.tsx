import { CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { SentText } from "../../content/types.ts";
import { readMailOn } from "./api/read-mail-on.ts";

interface FormSentProps {
  text: SentText;
  /** The address the visitor gave, where the team will answer. */
  email: string;
  onAgain: () => void;
}

/**
 * Where the form was, once its submission is stored: what was received and what happens next.
 * Focused as it appears, so that a visitor who sent from the foot of a long page on a phone
 * sees it, and a screen reader reads it. A confirmation mail is promised only once the server
 * says its mail is on: with mail off, or unknown, none will come.
 */
export function FormSent({ text, email, onAgain }: FormSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [mailOn, setMailOn] = useState(false);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const asksMail = text.confirmation !== undefined;
  useEffect(() => {
    if (!asksMail) return;
    let current = true;
    readMailOn().then(
      (on) => current && setMailOn(on),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [asksMail]);
  return (
    <div
      data-form-sent=""
      className="grid justify-items-start gap-3 rounded-2xl border-2 border-gold-600 bg-paper-200 p-6 text-ink-950"
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 font-display text-2xl text-ink-900 focus:outline-3 focus:outline-offset-4 focus:outline-gold-400"
      >
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-gold-700" />
        {text.title}
      </h3>
      <p>{text.text}</p>
      <p>
        {text.replyTo}{" "}
        <bdi dir="ltr" className="font-semibold">
          {email}
        </bdi>
        .
      </p>
      {text.next && <p className="text-ink-800">{text.next}</p>}
      {mailOn && text.confirmation && <p className="text-ink-800">{text.confirmation}</p>}
      <button
        type="button"
        onClick={onAgain}
        className="mt-2 inline-flex min-h-12 items-center rounded-full border-2 border-ink-900 px-6 py-2 font-bold text-ink-900 transition hover:bg-ink-900 hover:text-paper focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
      >
        {text.again}
      </button>
    </div>
  );
}
