import { ipOrNull } from "./sessions.ts";

/** A challenge must be verified within this many seconds (MFA_CHALLENGE_EXPIRY_DURATION). */
export const challengeLifetimeSeconds = 300;

/** The address a challenge is bound to; in-process requests have none, and share one. */
export function challengeAddress(clientIp: string): string {
  return ipOrNull(clientIp) ?? "0.0.0.0";
}
