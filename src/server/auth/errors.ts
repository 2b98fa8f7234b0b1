import type { Context } from "hono";

export const apiVersionHeader = "X-Supabase-Api-Version";
export const apiVersion20240101 = "2024-01-01";

/** An answer in GoTrue's error shape: its HTTP status, its `error_code` and its message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Fields GoTrue adds beside the message, such as `weak_password`. */
    readonly extra: Record<string, unknown> = {},
    /** Why, for the log only: never sent (a provider's or a library's own words). */
    readonly internal?: string,
  ) {
    super(message);
  }
}

const error = (status: number, code: string, message: string) =>
  new AuthError(status, code, message);

export const maxPasswordLength = 72;

// The catalogue of errors this server raises, with GoTrue's statuses, codes and wording
// (internal/api/apierrors/errorcode.go and the handlers that raise them).
export const authError = {
  badJson: (reason: string) =>
    error(400, "bad_json", `Could not parse request body as JSON: ${reason}`),
  validation: (message: string) => error(400, "validation_failed", message),
  invalidCredentials: () => error(400, "invalid_credentials", "Invalid login credentials"),
  unsupportedGrant: () => error(400, "invalid_credentials", "unsupported_grant_type"),
  emailNotConfirmed: () => error(400, "email_not_confirmed", "Email not confirmed"),
  userBanned: () => error(400, "user_banned", "User is banned"),
  userAlreadyExists: () => error(422, "user_already_exists", "User already registered"),
  emailExists: () =>
    error(422, "email_exists", "A user with this email address has already been registered"),
  phoneSignupDisabled: () => error(400, "phone_provider_disabled", "Phone signups are disabled"),
  phoneLoginDisabled: () => error(422, "phone_provider_disabled", "Phone logins are disabled"),
  signupDisabled: () => error(422, "signup_disabled", "Signups not allowed for this instance"),
  weakPassword: (minLength: number) =>
    new AuthError(422, "weak_password", `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ["length"] },
    }),
  passwordTooLong: () =>
    error(
      400,
      "validation_failed",
      `Password cannot be longer than ${maxPasswordLength} characters`,
    ),
  notAdmin: () => error(403, "not_admin", "Updating app_metadata requires admin privileges"),
  samePassword: () =>
    error(422, "same_password", "New password should be different from the old password."),
  refreshTokenNotFound: () =>
    error(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
  refreshTokenAlreadyUsed: () =>
    error(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
  refreshTokenMalformed: () => error(400, "validation_failed", "Refresh token is not valid"),
  refreshTokenWithoutSession: () =>
    error(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found"),
  refreshTokenUserBanned: () => error(400, "user_banned", "Invalid Refresh Token: User Banned"),
  noAuthorization: () =>
    error(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: (reason: string) =>
    error(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => error(403, "bad_jwt", "invalid claim: missing sub claim"),
  subNotUuid: () => error(400, "bad_jwt", "invalid claim: sub claim must be a UUID"),
  sessionIdNotUuid: () => error(403, "bad_jwt", "invalid claim: session_id claim must be a UUID"),
  userNotFound: () => error(403, "user_not_found", "User from sub claim in JWT does not exist"),
  sessionNotFound: () =>
    error(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  logoutScope: (scope: string) =>
    error(400, "validation_failed", `Unsupported logout scope ${JSON.stringify(scope)}`),
  factorNotFound: () => error(404, "mfa_factor_not_found", "Factor not found"),
  factorIdNotUuid: () => error(404, "validation_failed", "factor_id must be an UUID"),
  factorWithoutSession: () =>
    error(
      500,
      "unexpected_failure",
      "A valid session and a registered user are required to use a factor",
    ),
  challengeNotFound: () =>
    error(422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found"),
  challengeIpMismatch: () =>
    error(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch."),
  challengeExpired: (id: string) =>
    error(
      422,
      "mfa_challenge_expired",
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  totpFailed: () => error(422, "mfa_verification_failed", "Invalid TOTP code entered"),
  codeRequired: () => error(400, "validation_failed", "Code needs to be non-empty"),
  factorNameConflict: (name: string) =>
    error(
      422,
      "mfa_factor_name_conflict",
      `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
    ),
  tooManyFactors: () =>
    error(
      422,
      "too_many_enrolled_mfa_factors",
      "Maximum number of verified factors reached, unenroll to continue",
    ),
  enrollNeedsAal2: () => error(403, "insufficient_aal", "AAL2 required to enroll a new factor"),
  unenrollNeedsAal2: () =>
    error(422, "insufficient_aal", "AAL2 required to unenroll verified factor"),
  updateNeedsAal2: () =>
    error(
      401,
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
    ),
  factorType: () =>
    error(400, "validation_failed", "factor_type needs to be totp, phone, or webauthn"),
  phoneMfaDisabled: () =>
    error(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone"),
  webauthnMfaDisabled: () =>
    error(422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn"),
  emailChangeUnsupported: () =>
    error(
      422,
      "feature_disabled",
      "Changing the email address or phone number is not available on this server",
    ),
  rateLimited: () => error(429, "over_request_rate_limit", "Request rate limit reached"),
  // Not in GoTrue: a factor (or its user) with too many failed verifications in the window
  // (mfa-failures.ts). GoTrue's own code for a 429, so clients treat it as any rate limit.
  mfaVerificationLocked: () =>
    error(
      429,
      "over_request_rate_limit",
      "Too many failed MFA verification attempts, try again later",
    ),
  // Not in GoTrue, which stores metadata of any size (metadata.ts says why this server does not).
  metadataTooLarge: (name: string, bytes: number, limit: number) =>
    error(
      400,
      "validation_failed",
      `${name} is too large: ${bytes} bytes of JSON, at most ${limit}`,
    ),
  providerDisabled: () =>
    error(400, "validation_failed", "Unsupported provider: provider is not enabled"),
  invalidCodeChallengeMethod: () =>
    error(400, "validation_failed", "Invalid code_challenge_method"),
  pkceParamsIncomplete: () =>
    error(400, "validation_failed", "PKCE flow requires code_challenge_method and code_challenge"),
  oauthStateMissing: () => error(400, "bad_oauth_callback", "OAuth state parameter missing"),
  oauthStateInvalid: () => error(400, "bad_oauth_state", "OAuth state parameter is invalid"),
  oauthStateNotFound: () => error(400, "bad_oauth_state", "OAuth state not found or expired"),
  oauthStateExpired: () => error(400, "bad_oauth_state", "OAuth state has expired"),
  oauthCodeMissing: () =>
    error(400, "bad_oauth_callback", "OAuth callback with missing authorization code missing"),
  flowStateAlreadyUsed: () => error(400, "flow_state_already_used", "State has already been used"),
  flowStateNotFound: () =>
    error(404, "flow_state_not_found", "invalid flow state, no valid flow state found"),
  flowStateExpired: () =>
    error(400, "flow_state_expired", "invalid flow state, flow state has expired"),
  badCodeVerifier: () =>
    error(400, "bad_code_verifier", "code challenge does not match previously saved code verifier"),
  providerEmailMissing: () =>
    error(500, "unexpected_failure", "Error getting user email from external provider"),
  providerEmailUnverified: (provider: string) =>
    error(
      400,
      "provider_email_needs_verification",
      `Unverified email with ${provider}. Verify the address with ${provider} and sign in again.`,
    ),
  providerFailed: (reason: string) =>
    new AuthError(
      500,
      "unexpected_failure",
      "Unexpected failure, please check server logs for more information",
      {},
      `exchanging the code with the provider: ${reason}`,
    ),
  notFound: () => error(404, "not_found", "Not Found"),
  bodyTooLarge: (limit: number) =>
    error(413, "request_entity_too_large", `Request body too large (max ${limit} bytes)`),
  userNotAllowed: () => error(403, "not_admin", "User not allowed"),
  anonymousDisabled: () =>
    error(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"),
  overEmailSendRateLimit: (seconds: number) =>
    error(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  recoveryEmailMissing: () =>
    error(400, "validation_failed", "Password recovery requires an email"),
  otpExpired: () => error(403, "otp_expired", "Email link is invalid or has expired"),
  otpInvalid: () => error(403, "otp_expired", "Token has expired or is invalid"),
  badPagination: (reason: string) =>
    error(400, "validation_failed", `Bad Pagination Parameters: ${reason}`),
  userIdNotUuid: () => error(404, "validation_failed", "user_id must be an UUID"),
  adminUserNotFound: () => error(404, "user_not_found", "User not found"),
  userWithoutAddress: () =>
    error(400, "validation_failed", "Cannot create a user without either an email or phone"),
  // Not in GoTrue, which has these fields; this server stores none of them.
  adminFieldUnsupported: (name: string) =>
    error(422, "feature_disabled", `Creating a user with ${name} is not available on this server`),
  linkUserNotFound: () => error(404, "user_not_found", "User with this email not found"),
  invalidLinkType: (type: string) =>
    error(400, "validation_failed", `Invalid email action link type requested: ${type}`),
  unexpected: () =>
    error(
      500,
      "unexpected_failure",
      "Unexpected failure, please check server logs for more information",
    ),
  /**
   * The database cannot be reached. GoTrue has no code of its own for it; the status is what
   * matters: auth-js takes a 503 for a retryable fetch error, and retries a session's refresh.
   */
  unavailable: (cause: string) =>
    new AuthError(
      503,
      "unexpected_failure",
      "The database cannot be reached right now, try again later",
      {},
      cause,
    ),
};

/** Whether the caller asked for the 2024-01-01 API (auth-js always does; a browser never). */
export function wantsModernErrors(versionHeader: string | undefined): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(versionHeader?.trim() ?? "");
  return date !== null && `${date[1]}-${date[2]}-${date[3]}` >= apiVersion20240101;
}

/**
 * GoTrue's two error shapes. With the 2024-01-01 version header the body is `{code, message}` and
 * the header is echoed (auth-js trusts `code` only then); without it, the legacy
 * `{code: <status>, error_code, msg}`. Both carry `x-sb-error-code`.
 */
export function authErrorResponse(c: Context, failure: AuthError): Response {
  c.header("x-sb-error-code", failure.code);
  const modern = wantsModernErrors(c.req.header(apiVersionHeader));
  if (modern) c.header(apiVersionHeader, apiVersion20240101);
  const body = modern
    ? { code: failure.code, message: failure.message, ...failure.extra }
    : { code: failure.status, error_code: failure.code, msg: failure.message, ...failure.extra };
  return c.json(body, failure.status as 400);
}
