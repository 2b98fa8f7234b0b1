import { createHash, randomInt } from "node:crypto";

/** How long an emailed link works: an invitation is valid for a day (GoTrue's MAILER_OTP_EXP). */
export const oneTimeTokenLifetimeSeconds = 86_400;

export type VerificationType = "invite" | "recovery";

/**
 * GoTrue's one-time token: a six-digit code for the person, and the hex SHA-224 of the address
 * and the code as the token stored and put in links (mailer.GenerateTokenHash).
 */
export function newOneTimeToken(email: string): { otp: string; hash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { otp, hash: createHash("sha224").update(`${email.toLowerCase()}${otp}`).digest("hex") };
}

/**
 * GoTrue's verification link. The redirect is percent-encoded only when it holds `&`, `=` or
 * `#` (templatemailer's encodeRedirectURL), so a plain address stays readable.
 */
export function verificationLink(
  apiExternalUrl: string,
  hash: string,
  type: VerificationType,
  redirectTo: string,
): string {
  const redirect = /[&=#]/u.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo;
  return `${apiExternalUrl}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${redirect}`;
}
