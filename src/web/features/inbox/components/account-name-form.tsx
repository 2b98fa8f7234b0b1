import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import {
  checkMemberName,
  memberNameLimit,
  nameInMetadata,
} from "../../../../shared/member-name.ts";
import { useAuth } from "../../../auth/use-auth.ts";
import { fieldClasses, quietButton } from "../../../components/team/styles.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";
import { inboxKeys } from "../api/inbox-queries.ts";
import { setOwnName } from "../api/set-own-name.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";

/** The member's own name, which the team sees beside their work instead of their address. */
export function AccountNameForm() {
  const { text } = useInboxContent();
  const words = text.session.name;
  const { user } = useAuth();
  const client = useQueryClient();
  const describeFailure = useDescribeFailure();
  const current = nameInMetadata(user?.user_metadata) ?? "";
  const [value, setValue] = useState(current);
  const [said, setSaid] = useState<{ error: boolean; text: string }>();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = checkMemberName(value);
    if (checked.problem) {
      setSaid({ error: true, text: words.problems[checked.problem] });
      return;
    }
    setSaving(true);
    const failure = await setOwnName(checked.name);
    setSaving(false);
    if (failure) {
      setSaid({ error: true, text: words.failed(describeFailure(failure)) });
      return;
    }
    setValue(checked.name);
    setSaid({ error: false, text: words.saved });
    void client.invalidateQueries({ queryKey: inboxKeys.names() });
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="grid gap-2">
      <label htmlFor={`${id}-name`} className="text-sm font-semibold text-ink-900">
        {words.label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-700">
        {words.hint}
      </p>
      <input
        id={`${id}-name`}
        name="full_name"
        autoComplete="name"
        dir="auto"
        maxLength={memberNameLimit * 2}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setSaid(undefined);
        }}
        aria-invalid={said?.error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-said`}
        className={`${fieldClasses} min-h-11 py-2`}
      />
      <p
        id={`${id}-said`}
        role="status"
        className={`text-sm empty:hidden ${said?.error ? "font-semibold text-red-800" : "text-ink-800"}`}
      >
        {said?.text ?? ""}
      </p>
      <button
        type="submit"
        aria-disabled={saving || undefined}
        className={`${quietButton} justify-self-start`}
      >
        {words.save}
      </button>
    </form>
  );
}
