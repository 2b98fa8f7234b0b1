import { useRef, useState, type FormEvent } from "react";
import { toast } from "../../../toast/toast-store.ts";
import { verifyCode } from "../api/verify-code.ts";
import { readCode } from "../model/code.ts";
import { useDescribeFailure } from "./use-describe-failure.ts";

/**
 * The six-digit code form of the sign-in and enrolment steps: a code that is not six digits
 * (Arabic-Indic ones count) is marked and focused; a refused one raises `failedTitle`'s toast and
 * the field is cleared for the next. `factor` is undefined while there is none to prove;
 * `onRefused` may take a refusal over, answering true, instead of the toast.
 */
export function useCodeForm(
  factor: Parameters<typeof verifyCode>[0] | undefined,
  failedTitle: string,
  onRefused?: (failure: unknown) => boolean,
) {
  const describeFailure = useDescribeFailure();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusCode = () => form.current?.querySelector<HTMLInputElement>("[name=code]")?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || factor === undefined) return;
    const digits = readCode(code);
    setInvalid(digits === null);
    if (digits === null) {
      focusCode();
      return;
    }
    setBusy(true);
    const failure = await verifyCode(factor, digits);
    setBusy(false);
    if (!failure) return;
    if (onRefused?.(failure)) {
      setCode("");
      return;
    }
    toast({
      title: failedTitle,
      description: describeFailure(failure),
      variant: "destructive",
    });
    setCode("");
    focusCode();
  }

  return { form, code, setCode, invalid, busy, submit };
}
