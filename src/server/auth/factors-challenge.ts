import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { AuthEnv } from "./bearer.ts";
import { challengeAddress, challengeLifetimeSeconds } from "./challenges.ts";
import { ownedFactor } from "./factors.ts";
import type { AuthServices } from "./services.ts";

/**
 * POST /factors/{id}/challenge: a challenge bound to the caller's address. supabase-js sends its
 * own parameters as the body (`{"factorId": ...}`); they are not read.
 */
export function challengeFactor(services: AuthServices) {
  return async (c: Context<AuthEnv>) => {
    const { rateLimits } = services.settings.auth;
    await services.limiter.enforce("mfa", c.get("clientIp"), rateLimits.mfa, 60);
    const factor = await ownedFactor(services.db, c);
    const challengeId = randomUUID();
    const { rows } = await services.db.transaction(async (tx) => {
      await tx.query("update auth.mfa_factors set last_challenged_at = now() where id = $1", [
        factor.id,
      ]);
      return tx.query<{ created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
         values ($1, $2, now(), $3) returning created_at`,
        [challengeId, factor.id, challengeAddress(c.get("clientIp"))],
      );
    });
    const createdAt = rows[0]?.created_at ?? new Date();
    return c.json({
      id: challengeId,
      type: factor.factor_type,
      expires_at: Math.floor(createdAt.getTime() / 1000) + challengeLifetimeSeconds,
    });
  };
}
