import { useEffect, useId, useRef, useState } from "react";
import { useAuth } from "../../../auth/use-auth.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { useSignOut } from "../hooks/use-sign-out.ts";
import { quietButton } from "../../../components/team/styles.ts";
import { AccountNameForm } from "./account-name-form.tsx";

/**
 * Who is signed in, and the two ways out, folded behind one button: on a phone the first screen
 * belongs to the work. A disclosure rather than an ARIA menu: its three items are a line of text
 * and two ordinary buttons, reached with Tab. Escape, or a click or focus elsewhere, folds it.
 */
export function AccountMenu() {
  const { text } = useInboxContent();
  const { user } = useAuth();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className={`${quietButton} gap-2`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0v1H3v-1Z" />
        </svg>
        {text.session.menu}
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute end-0 top-full z-30 mt-2 grid w-72 max-w-[calc(100vw-2rem)] gap-3 rounded-2xl border border-ink-900/15 bg-paper p-4 shadow-xl shadow-ink-950/15"
      >
        <p className="grid text-sm text-ink-700">
          {text.session.account}
          <bdi className="break-all font-semibold text-ink-900">{user?.email}</bdi>
        </p>
        <AccountNameForm />
        <button type="button" onClick={() => void signOut("local")} className={quietButton}>
          {text.session.signOut}
        </button>
        <button type="button" onClick={() => void signOut("global")} className={quietButton}>
          {text.session.signOutEverywhere}
        </button>
      </div>
    </div>
  );
}
