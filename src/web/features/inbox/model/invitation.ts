import type { AssuranceLevel } from "./step.ts";

/**
 * Kept in user_metadata, so an interrupted invitation resumes from the server's state on any
 * device: the link's sign-in a password was chosen under, and the factor last shown to scan.
 * The member may write these themselves; they guide the steps and grant nothing.
 */
export const passwordForLinkKey = "inbox_password_for_link";
export const factorShownKey = "inbox_factor_shown";

/** When the session signed in by a link (invitation or reset), in GoTrue's amr seconds. */
export function linkSignInAt(level: AssuranceLevel | undefined): number | undefined {
  for (const entry of level?.currentAuthenticationMethods ?? []) {
    if (typeof entry === "object" && entry.method === "otp" && "timestamp" in entry) {
      const { timestamp } = entry as { timestamp: unknown };
      if (typeof timestamp === "number") return timestamp;
    }
  }
  return undefined;
}

/** Whether a password was already chosen under this session's link, on whatever device. */
export function passwordChosenForLink(
  metadata: Record<string, unknown> | undefined,
  level: AssuranceLevel | undefined,
): boolean {
  const at = linkSignInAt(level);
  return at !== undefined && metadata?.[passwordForLinkKey] === at;
}

export type EnrolmentStart =
  /** The factor shown before is still waiting: the app that scanned it gives its code. */
  | { kind: "resume"; factorId: string }
  /**
   * A new factor to scan, once the waiting ones (`stale`) are removed; `rescan` when one was
   * shown before and can no longer be proved, so the app's entry for it is dead.
   */
  | { kind: "new"; stale: readonly string[]; rescan: boolean };

/**
 * GoTrue never gives a factor's secret twice, and forgets an unverified factor after five
 * minutes (MFA_FACTOR_EXPIRY_DURATION): the one shown before is proved with the app's code while
 * it lasts; after that the member scans anew.
 */
export function startEnrolment(
  unverified: readonly string[],
  shown: string | undefined,
): EnrolmentStart {
  if (shown !== undefined && unverified.includes(shown)) return { kind: "resume", factorId: shown };
  return { kind: "new", stale: unverified, rescan: shown !== undefined };
}
