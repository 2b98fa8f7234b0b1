import { randomBytes, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { SignJWT } from "jose";
import type { Queryable } from "../db/database.ts";
import { findUserById, userJson, type UserRow } from "./users.ts";

/** How a session was authenticated, as GoTrue names it in the `amr` claim. */
export type AuthenticationMethod = "password" | "oauth" | "totp" | "otp";

export interface SessionRow {
  id: string;
  user_id: string;
  aal: "aal1" | "aal2" | "aal3" | null;
  factor_id: string | null;
  created_at: Date;
}

export interface TokenSettings {
  secret: Uint8Array;
  /** Access-token lifetime in seconds (JWT_EXPIRY). */
  expiry: number;
  issuer: string;
}

export interface SessionContext {
  ip: string;
  userAgent: string | null;
}

// GoTrue's legacy refresh tokens: 12 characters of lower-case base32. 256 is a multiple of 32, so
// taking five bits of each random byte is unbiased.
const refreshAlphabet = "abcdefghijklmnopqrstuvwxyz234567";
export const refreshTokenPattern = /^[a-z0-9]{12}$/u;

export function newRefreshToken(): string {
  return [...randomBytes(12)].map((byte) => refreshAlphabet[byte & 31]).join("");
}

export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens
       (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Records (or renews) how the session was authenticated; `amr` lists these, newest first. */
export async function addAmrClaim(
  tx: Queryable,
  sessionId: string,
  method: AuthenticationMethod,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  );
}

export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

const aal2Methods = new Set(["totp", "mfa/phone", "mfa/webauthn"]);

/** GoTrue's CalculateAALAndAMR: aal2 when any claim is a second factor; amr newest first. */
export async function assurance(tx: Queryable, sessionId: string) {
  const { rows } = await tx.query<{ authentication_method: string; updated_at: Date }>(
    "select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1",
    [sessionId],
  );
  const amr = rows
    .sort((first, second) => second.updated_at.getTime() - first.updated_at.getTime())
    .map((row) => ({
      method: row.authentication_method,
      timestamp: Math.floor(row.updated_at.getTime() / 1000),
    }));
  const aal = amr.some((entry) => aal2Methods.has(entry.method)) ? "aal2" : "aal1";
  return { aal, amr } as const;
}

/** An HS256 access token whose claims come in GoTrue's order (as GoTrue signs them; docs/api.md, "/auth/v1"). */
export async function signAccessToken(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; claims: AccessTokenClaims }> {
  const { aal, amr } = await assurance(tx, sessionId);
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims: AccessTokenClaims = {
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud,
    exp: issuedAt + settings.expiry,
    iat: issuedAt,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(settings.secret);
  return { token, expiresAt: claims.exp, claims };
}

/** The session object supabase-js stores: it needs access_token, refresh_token and expires_in. */
export async function tokenResponse(
  tx: Queryable,
  settings: TokenSettings,
  userId: string,
  sessionId: string,
  refreshToken: string,
) {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while issuing its tokens`);
  const { token, expiresAt } = await signAccessToken(tx, settings, user, sessionId);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: settings.expiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

export type TokenResponse = Awaited<ReturnType<typeof tokenResponse>>;

/**
 * GoTrue's IssueRefreshToken: a new session at aal1 with its first refresh token, the sign-in
 * method as its first amr claim, and the user's (and identity's) last sign-in time.
 */
export async function startSession(
  tx: Queryable,
  settings: TokenSettings,
  user: UserRow,
  method: AuthenticationMethod,
  context: SessionContext,
  provider = "email",
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', null, $3, $4)`,
    [sessionId, user.id, context.userAgent, ipOrNull(context.ip)],
  );
  await addAmrClaim(tx, sessionId, method);
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
  await tx.query(
    "update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1",
    [user.id],
  );
  await tx.query(
    "update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = $2",
    [user.id, provider],
  );
  return tokenResponse(tx, settings, user.id, sessionId, refreshToken);
}

/** The `inet` column accepts addresses only; in-process tests have none. */
export function ipOrNull(ip: string): string | null {
  return isIP(ip) ? ip : null;
}

/** Ends every session of the user at once: their refresh tokens stop working with them. */
export async function endEverySession(tx: Queryable, userId: string): Promise<void> {
  await tx.query("delete from auth.refresh_tokens where user_id = $1", [userId]);
  await tx.query("delete from auth.sessions where user_id = $1", [userId]);
}
