import { normaliseDigits } from "../../../../shared/digits.ts";

/** The six digits an app shows, whatever digits and spaces they were typed with; else null. */
export function readCode(typed: string): string | null {
  const code = normaliseDigits(typed).replace(/\s/gu, "");
  return /^[0-9]{6}$/u.test(code) ? code : null;
}
