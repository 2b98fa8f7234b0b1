import { createHash, randomInt } from "node:crypto";
import type { Queryable } from "../db/database.ts";

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

const tokenColumns: Record<VerificationType, { token: string; sentAt: string }> = {
  invite: { token: "confirmation_token", sentAt: "confirmation_sent_at" },
  recovery: { token: "recovery_token", sentAt: "recovery_sent_at" },
};

/**
 * The user whose live token of this type is `tokenHash`, locked until the transaction uses it
 * up; whether they have a password yet.
 */
export async function findByOneTimeToken(
  tx: Queryable,
  type: VerificationType,
  tokenHash: string,
): Promise<{ id: string; has_password: boolean } | undefined> {
  const { token, sentAt } = tokenColumns[type];
  const { rows } = await tx.query<{ id: string; has_password: boolean }>(
    `select id, coalesce(encrypted_password, '') <> '' as has_password from auth.users
      where ${token} = $1 and deleted_at is null
        and ${sentAt} > now() - make_interval(secs => $2)
      for update`,
    [tokenHash, oneTimeTokenLifetimeSeconds],
  );
  return rows[0];
}

/**
 * An invitation used up: the address confirmed and said verified, and the password given
 * (a random one when the user has none: they choose theirs once signed in).
 */
export async function useInvitation(
  tx: Queryable,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       encrypted_password = coalesce($2, encrypted_password),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId, passwordHash],
  );
}

/** A recovery link used up: the address confirmed (the link reached it). */
export async function useRecovery(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now()
     where id = $1`,
    [userId],
  );
}
