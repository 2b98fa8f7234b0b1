import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { challengeAddress, challengeLifetimeSeconds } from "./challenges.ts";
import { authError } from "./errors.ts";
import { currentSession, ownedFactor } from "./factors.ts";
import { forgetFailures, recordFailure, refuseWhileLocked } from "./mfa-failures.ts";
import { readParams, stringParam } from "./request.ts";
import type { AuthServices } from "./services.ts";
import { addAmrClaim, insertRefreshToken, tokenResponse } from "./sessions.ts";
import { matchTotp } from "./totp.ts";
import { isUuid } from "./uuid.ts";

interface ChallengeRow {
  id: string;
  verified_at: Date | null;
  ip_address: string;
  expired: boolean;
}

/**
 * POST /factors/{id}/verify: checks the code against the challenge and, when it matches, makes
 * the factor verified and the session aal2 (amr gains `totp`), with a new refresh token in the
 * same session. The user's other aal1 sessions end, and their other unverified TOTP factors go.
 * Unlike GoTrue, a code is accepted once: a code from an accepted time step (or an older one) is
 * refused, even on a new challenge; a challenge dies at its first wrong code; and a factor is
 * locked after a few wrong codes (mfa-failures.ts).
 */
export function verifyFactor(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const { rateLimits } = services.settings.auth;
    await services.limiter.enforce("mfa", c.get("clientIp"), rateLimits.mfa, 60);
    const user = c.get("user");
    const session = currentSession(c);
    const factor = await ownedFactor(services.db, c);
    const params = await readParams(c);
    const code = stringParam(params, "code") ?? "";
    const challengeId = stringParam(params, "challenge_id") ?? "";
    if (code === "") throw authError.codeRequired();
    if (!isUuid(challengeId)) throw authError.badJson("challenge_id must be a UUID");

    const outcome = await services.db.transaction(async (tx) => {
      // One verification of a factor at a time, so parallel guesses cannot outrun the count.
      await tx.query("select id from auth.mfa_factors where id = $1 for update", [factor.id]);
      await refuseWhileLocked(tx, factor.id, user.id);
      const { rows } = await tx.query<ChallengeRow>(
        `select id, verified_at, host(ip_address) as ip_address,
                created_at < now() - make_interval(secs => $3) as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
        [challengeId.toLowerCase(), factor.id, challengeLifetimeSeconds],
      );
      const challenge = rows[0];
      if (!challenge) throw authError.challengeNotFound();
      if (challenge.verified_at || challenge.ip_address !== challengeAddress(c.get("clientIp"))) {
        throw authError.challengeIpMismatch();
      }
      if (challenge.expired) {
        await tx.query("delete from auth.mfa_challenges where id = $1", [challenge.id]);
        return { error: authError.challengeExpired(challenge.id) };
      }

      const step = matchTotp(factor.secret, code, Date.now());
      const lastStep = factor.last_totp_step === null ? null : Number(factor.last_totp_step);
      if (step === null || (lastStep !== null && step <= lastStep)) {
        await tx.query("delete from auth.mfa_challenges where id = $1", [challenge.id]);
        await recordFailure(tx, factor.id, user.id);
        return { error: authError.totpFailed() };
      }
      await forgetFailures(tx, user.id);

      await tx.query("update auth.mfa_challenges set verified_at = now() where id = $1", [
        challenge.id,
      ]);
      await tx.query(
        `update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = now()
          where id = $1`,
        [factor.id, step],
      );
      await addAmrClaim(tx, session.id, "totp");
      const current = await tx.query<{ id: string; token: string }>(
        `select id, token from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      );
      const parent = current.rows[0];
      if (parent) {
        await tx.query(
          "update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1",
          [parent.id],
        );
      }
      const refreshToken = await insertRefreshToken(tx, user.id, session.id, parent?.token ?? null);
      await tx.query(
        "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1",
        [session.id, factor.id],
      );
      await tx.query("delete from auth.sessions where user_id = $1 and aal < 'aal2'", [user.id]);
      await tx.query(
        `delete from auth.mfa_factors
          where user_id = $1 and factor_type = 'totp' and status = 'unverified'`,
        [user.id],
      );
      return {
        session: await tokenResponse(tx, services.tokens, user.id, session.id, refreshToken),
      };
    });
    if (outcome.error) throw outcome.error;
    return c.json(outcome.session);
  };
}
