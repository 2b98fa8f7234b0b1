import type { MiddlewareHandler } from "hono";
import { RateLimiter, rateLimitSubject } from "../auth/rate-limit.ts";
import type { ApiClaims, AppEnv } from "../http/context.ts";
import { restError } from "./errors.ts";

/** The team (app_metadata.team in a token this server signed) and the service key go unmetered. */
function unmetered(claims: ApiClaims): boolean {
  if (claims.role === "service_role") return true;
  const metadata = claims.app_metadata as { team?: unknown } | undefined;
  return claims.role === "authenticated" && metadata?.team === true;
}

/**
 * A budget per client address on API requests (REST's, and storage's of its own), for anon and for signed-in accounts that are
 * not on the team (sign-up is open): `perMinute` requests, in bursts of up to 30, before 429.
 * Counted in this process, with no database write: N instances allow N times the budget.
 */
export function requestBudget(
  perMinute: number,
  overBudget: (retryAfterSeconds: number) => Error = restError.overBudget,
  family = "rest",
): MiddlewareHandler<AppEnv> {
  const limiter = new RateLimiter(perMinute > 0);
  const retryAfterSeconds = Math.max(1, Math.ceil(60 / Math.max(perMinute, 1)));
  return async (c, next) => {
    if (limiter.enabled && !unmetered(c.get("claims"))) {
      const key = `${family}:${rateLimitSubject(c.get("clientIp"))}`;
      if (!limiter.take(key, perMinute / 60)) throw overBudget(retryAfterSeconds);
    }
    await next();
  };
}
