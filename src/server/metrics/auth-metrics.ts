import type { MiddlewareHandler } from "hono";
import { AuthError, authError } from "../auth/errors.ts";
import type { AppEnv } from "../http/context.ts";
import type { Metrics } from "./metrics.ts";

/** The refusals of a password sign-in counted by their GoTrue code; any other is "other". */
export const signInFailureReasons = [
  "invalid_credentials",
  "email_not_confirmed",
  "user_banned",
  "over_request_rate_limit",
  "validation_failed",
] as const;

function reasonOf(error: unknown): string {
  const code = error instanceof AuthError ? error.code : "";
  return (signInFailureReasons as readonly string[]).includes(code) ? code : "other";
}

/** POST /auth/v1/token?grant_type=password answered with an error. */
export function countSignInFailures(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "POST" || c.req.query("grant_type") !== "password") return;
    if (c.res.status < 400) return;
    metrics.signInFailures.inc({ reason: reasonOf(c.error) });
  };
}

// The lock (auth/mfa-failures.ts) answers with GoTrue's rate-limit code, as the per-address
// limit does; its own message tells them apart.
const locked = authError.mfaVerificationLocked();

/** POST /auth/v1/factors/:id/verify refused because the factor or its user is locked. */
export function countTotpLockouts(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const error = c.error;
    if (
      error instanceof AuthError &&
      error.code === locked.code &&
      error.message === locked.message &&
      error.status === locked.status
    ) {
      metrics.totpLockouts.inc();
    }
  };
}
