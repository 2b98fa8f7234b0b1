import { useRef, useState, type FormEvent } from "react";
import { verifyCode } from "../api/verify-code.ts";
import { useInboxContent } from "../content/use-inbox-content.ts";
import { readCode } from "../model/code.ts";
import { useDescribeFailure } from "../../../components/team/use-describe-failure.ts";

/**
 * The six-digit code form of the sign-in and enrolment steps: a code that is not six digits
 * (Arabic-Indic ones count) is marked and focused; a refused one is cleared for the next, and
 * why it was refused stays under the field until the next try. Beside the field, not in a
 * toast: a toast would cover the step's other ways on, such as a new QR code. `factor` is
 * undefined while there is none to prove; `onRefused` may take a refusal over, answering true.
 */
export function useCodeForm(
  factor: Parameters<typeof verifyCode>[0] | undefined,
  onRefused?: (failure: unknown) => boolean,
) {
  const { text } = useInboxContent();
  const describeFailure = useDescribeFailure();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusCode = () => form.current?.querySelector<HTMLInputElement>("[name=code]")?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || factor === undefined) return;
    const digits = readCode(code);
    if (digits === null) {
      setError(text.codeField.invalid);
      focusCode();
      return;
    }
    setError(undefined);
    setBusy(true);
    const failure = await verifyCode(factor, digits);
    setBusy(false);
    if (!failure) return;
    setCode("");
    if (onRefused?.(failure)) return;
    setError(describeFailure(failure));
    focusCode();
  }

  return { form, code, setCode, error, busy, submit };
}
