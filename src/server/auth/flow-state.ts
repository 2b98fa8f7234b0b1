// An OAuth round trip, from /authorize through the provider to /callback, and for PKCE on to
// POST /token?grant_type=pkce, is one row of auth.flow_state.

/** Flow states (OAuth round trips) live this long, as GoTrue's FLOW_STATE_EXPIRY_DURATION. */
export const flowStateLifetimeSeconds = 300;

/** Where the provider sends the visitor back: the redirect_uri of every authorization request. */
export function callbackUrl(apiExternalUrl: string): string {
  return `${apiExternalUrl}/auth/v1/callback`;
}
