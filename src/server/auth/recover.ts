import type { Context } from "hono";
import type { Queryable } from "../db/database.ts";
import type { AppEnv } from "../http/context.ts";
import { enqueueLinkMail, languageOfAddress } from "../mail/enqueue.ts";
import { validateEmail } from "./email.ts";
import { authError } from "./errors.ts";
import { inviteRedirect } from "./invite.ts";
import { newOneTimeToken, verificationLink } from "./one-time-tokens.ts";
import { readParams, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { isBanned } from "./users.ts";

/** GoTrue's recovery token: a fresh one-time token whose hash replaces any earlier one. */
export async function storeRecoveryToken(
  tx: Queryable,
  userId: string,
  address: string,
): Promise<{ otp: string; hash: string }> {
  const token = newOneTimeToken(address);
  await tx.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now()
      where id = $1`,
    [userId, token.hash],
  );
  return token;
}

/** GoTrue's SMTP_MAX_FREQUENCY: one recovery mail a minute per user. */
const recoveryIntervalSeconds = 60;

/**
 * POST /recover: resetPasswordForEmail. GoTrue answers `{}` whether the address is known or not;
 * only a known one can meet the per-user limit (GoTrue's SMTP_MAX_FREQUENCY). The link is mailed when mail is
 * configured; without it the token is stored and goes nowhere, as on a GoTrue without SMTP.
 * Only the implicit flow: the inbox's client does not use PKCE.
 */
export function recover(services: AuthServices) {
  return async (c: Context<AppEnv>) => {
    await services.limiter.enforce("recover", c.get("clientIp"), 30, 300);
    const params = await readParams(c);
    const email = stringParam(params, "email");
    if (!email) throw authError.recoveryEmailMissing();
    const address = validateEmail(email);
    const redirectTo = inviteRedirect(c, services, stringParam(params, "redirect_to"));
    await services.db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        banned_until: Date | null;
        wait: number | null;
      }>(
        `select id, banned_until,
                ceil(extract(epoch from recovery_sent_at + make_interval(secs => $2) - now()))::int as wait
           from auth.users where email = $1 and deleted_at is null
           for update`,
        [address, recoveryIntervalSeconds],
      );
      const user = rows[0];
      if (!user || isBanned(user)) return;
      if (user.wait !== null && user.wait > 0) throw authError.overEmailSendRateLimit(user.wait);
      const { hash } = await storeRecoveryToken(tx, user.id, address);
      if (services.settings.mail) {
        await enqueueLinkMail(tx, {
          kind: "recovery",
          recipient: address,
          language: languageOfAddress(redirectTo),
          link: verificationLink(services.settings.apiExternalUrl, hash, "recovery", redirectTo),
        });
      }
    });
    return c.json({});
  };
}
