/** A password reset's link returns to the inbox with this query parameter. */
export const recoveryParameter = "recovery";

/** Where a member is on the way in, from the session's assurance level. */
export type InboxStep =
  "loading" | "sign-in" | "not-member" | "password" | "enrol" | "code" | "inbox";

/** What supabase-js's mfa.getAuthenticatorAssuranceLevel() answers. */
export interface AssuranceLevel {
  currentLevel: string | null;
  nextLevel: string | null;
  /** GoTrue's entries `{method, timestamp}`, or RFC 8176's plain names. */
  currentAuthenticationMethods: readonly (string | { method: string })[];
}

export interface StepInput {
  /** Still reading the session, or its assurance level. */
  loading: boolean;
  /** Undefined without a session. */
  level: AssuranceLevel | undefined;
  /** The signed-in user's app_metadata names them a member of the team. */
  member?: boolean;
  /** A password was chosen in this session (it began with the invitation's link). */
  passwordChosen: boolean;
  /** The session began with a password reset's link: a new password follows the code. */
  recovering?: boolean;
}

/**
 * An account that is not on the team is told so, and goes no further (sign-up is open: any
 * visitor may have an account). aal2 reads the inbox; aal1 with a verified factor is asked for
 * its code; aal1 without one enrols an authenticator app, after choosing a password when the
 * session came from the invitation's link (its method is `otp`: the member has no password of
 * their own yet).
 */
export function inboxStep({
  loading,
  level,
  member = true,
  passwordChosen,
  recovering = false,
}: StepInput): InboxStep {
  if (loading) return "loading";
  if (!level || level.currentLevel === null) return "sign-in";
  if (!member) return "not-member";
  const fromLink = level.currentAuthenticationMethods.some(
    (entry) => (typeof entry === "string" ? entry : entry.method) === "otp",
  );
  // A reset's new password needs aal2 (GoTrue refuses it to aal1 when a factor is verified).
  if (level.currentLevel === "aal2") {
    return recovering && fromLink && !passwordChosen ? "password" : "inbox";
  }
  if (level.nextLevel === "aal2") return "code";
  return fromLink && !passwordChosen ? "password" : "enrol";
}
