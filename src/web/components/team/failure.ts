/** What went wrong, as the inbox tells a member: one sentence of its own per kind, never the server's words. */
export const failureKinds = [
  "invalidCredentials",
  "wrongCode",
  "codeExpired",
  "tooManyAttempts",
  "samePassword",
  "weakPassword",
  "sessionEnded",
  "accountBlocked",
  "notConfirmed",
  "linkExpired",
  "notAllowed",
  "tooSlow",
  "offline",
  "unexpected",
] as const;
export type FailureKind = (typeof failureKinds)[number];

/** GoTrue's error codes and PostgREST's, as supabase-js gives them in `error.code`. */
const kindOfCode: Readonly<Record<string, FailureKind>> = {
  invalid_credentials: "invalidCredentials",
  user_not_found: "invalidCredentials",
  mfa_verification_failed: "wrongCode",
  mfa_challenge_expired: "codeExpired",
  mfa_factor_not_found: "sessionEnded",
  over_request_rate_limit: "tooManyAttempts",
  over_email_send_rate_limit: "tooManyAttempts",
  same_password: "samePassword",
  weak_password: "weakPassword",
  session_not_found: "sessionEnded",
  session_expired: "sessionEnded",
  refresh_token_not_found: "sessionEnded",
  refresh_token_already_used: "sessionEnded",
  bad_jwt: "sessionEnded",
  no_authorization: "sessionEnded",
  insufficient_aal: "sessionEnded",
  user_banned: "accountBlocked",
  email_not_confirmed: "notConfirmed",
  otp_expired: "linkExpired",
  flow_state_expired: "linkExpired",
  not_admin: "notAllowed",
  PGRST301: "sessionEnded",
  PGRST303: "sessionEnded",
  "42501": "notAllowed",
  "57014": "tooSlow",
};

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** The kind of a failure supabase-js reported, or threw. */
export function failureKind(error: unknown): FailureKind {
  const code = codeOf(error);
  if (code !== undefined && Object.hasOwn(kindOfCode, code))
    return kindOfCode[code] ?? "unexpected";
  if (error instanceof Error) {
    // A request that never reached the server: supabase-js's retryable error, or fetch's own.
    if (error.name === "AuthRetryableFetchError" || error instanceof TypeError) return "offline";
    if ("status" in error && error.status === 429) return "tooManyAttempts";
  }
  return "unexpected";
}
