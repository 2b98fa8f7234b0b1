import type { Queryable } from "../db/database.ts";

// An OAuth round trip, from /authorize through the provider to /callback, and for PKCE on to
// POST /token?grant_type=pkce, is one row of auth.flow_state.

/** Flow states (OAuth round trips) live this long, as GoTrue's FLOW_STATE_EXPIRY_DURATION. */
export const flowStateLifetimeSeconds = 300;

/** Where the provider sends the visitor back: the redirect_uri of every authorization request. */
export function callbackUrl(apiExternalUrl: string): string {
  return `${apiExternalUrl}/auth/v1/callback`;
}

/** A flow waiting at /callback, with the PKCE verifier this server sent the provider. */
export interface PendingFlow {
  id: string;
  provider_type: string;
  code_challenge: string | null;
  referrer: string | null;
  code_verifier: string | null;
  expired: boolean;
}

export async function findPendingFlow(db: Queryable, id: string): Promise<PendingFlow | undefined> {
  const { rows } = await db.query<PendingFlow>(
    `select f.id, f.provider_type, f.code_challenge, f.referrer, s.code_verifier,
            f.created_at < now() - make_interval(secs => $2) as expired
       from auth.flow_state f
       left join auth.oauth_client_states s on s.id = f.oauth_client_state_id
      where f.id = $1 and f.user_id is null`,
    [id, flowStateLifetimeSeconds],
  );
  return rows[0];
}

/**
 * Uses up the flow's provider state (its PKCE verifier), once: false when another request
 * already did.
 */
export async function claimProviderState(tx: Queryable, flowId: string): Promise<boolean> {
  const claimed = await tx.query(
    "delete from auth.oauth_client_states where id = (select oauth_client_state_id from auth.flow_state where id = $1 and user_id is null) returning id",
    [flowId],
  );
  return claimed.rows.length > 0;
}

/** The PKCE client's code for POST /token?grant_type=pkce, with the provider's tokens. */
export async function issueAuthCode(
  tx: Queryable,
  flow: { id: string; userId: string; authCode: string },
  tokens: { accessToken: string; refreshToken?: string | undefined },
): Promise<void> {
  await tx.query(
    `update auth.flow_state
        set user_id = $2, auth_code = $3, auth_code_issued_at = now(), updated_at = now(),
            provider_access_token = $4, provider_refresh_token = $5
      where id = $1`,
    [flow.id, flow.userId, flow.authCode, tokens.accessToken, tokens.refreshToken ?? null],
  );
}

export async function deleteFlow(db: Queryable, id: string): Promise<void> {
  await db.query("delete from auth.flow_state where id = $1", [id]);
}
