import type { Queryable } from "../db/database.ts";

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  invited_at: Date | null;
  confirmed_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: "unverified" | "verified";
  created_at: Date;
  updated_at: Date;
  secret: string;
  phone: string | null;
  last_challenged_at: Date | null;
  last_totp_step: string | number | null;
}

/** GoTrue's IsBanned: a ban holds until banned_until. */
export function isBanned(user: Pick<UserRow, "banned_until">): boolean {
  return user.banned_until !== null && user.banned_until > new Date();
}

/** Unverified factors older than this are gone, as in GoTrue (MFA_FACTOR_EXPIRY_DURATION). */
export const unverifiedFactorLifetimeSeconds = 300;

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  phone_confirmed_at, confirmation_sent_at, invited_at, confirmed_at, recovery_sent_at,
  email_change, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  banned_until, is_anonymous`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** Emails are stored lower-cased, as GoTrue stores them. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users
      where email = lower($1) and is_sso_user = false and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select * from auth.mfa_factors
      where user_id = $1
        and (status = 'verified' or created_at > now() - make_interval(secs => $2))
      order by created_at`,
    [userId, unverifiedFactorLifetimeSeconds],
  );
  return rows;
}

const time = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

export function identityJson(identity: IdentityRow) {
  return withoutUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: time(identity.last_sign_in_at),
    created_at: time(identity.created_at),
    updated_at: time(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: time(factor.created_at),
    updated_at: time(factor.updated_at),
    last_challenged_at: time(factor.last_challenged_at) ?? null,
    phone: factor.phone ?? "",
  };
}

/**
 * The user as GoTrue serialises it: fields that are null or empty are left out (`factors` too,
 * which is absent rather than []); `email` and `phone` are "" when there is none.
 */
export async function userJson(db: Queryable, user: UserRow) {
  const [{ rows: identities }, factors] = await Promise.all([
    db.query<IdentityRow>(
      "select * from auth.identities where user_id = $1 order by created_at, id",
      [user.id],
    ),
    findFactors(db, user.id),
  ]);
  return withoutUndefined({
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? "",
    email_confirmed_at: time(user.email_confirmed_at),
    phone: user.phone ?? "",
    phone_confirmed_at: time(user.phone_confirmed_at),
    confirmation_sent_at: time(user.confirmation_sent_at),
    invited_at: time(user.invited_at),
    confirmed_at: time(user.confirmed_at),
    recovery_sent_at: time(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    last_sign_in_at: time(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: time(user.created_at),
    updated_at: time(user.updated_at),
    banned_until: time(user.banned_until),
    is_anonymous: user.is_anonymous,
  });
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** A user a provider vouched for, signing up through it: confirmed, with its identity data. */
export async function createProviderUser(
  tx: Queryable,
  user: { id: string; email: string; provider: string; identityData: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
       $3::jsonb, $4::jsonb, now(), now(), false, false)`,
    [
      user.id,
      user.email,
      JSON.stringify({ provider: user.provider, providers: [user.provider] }),
      JSON.stringify(user.identityData),
    ],
  );
}

/** Adds a provider to app_metadata.providers, once. */
export async function addProvider(tx: Queryable, userId: string, provider: string): Promise<void> {
  await tx.query(
    `update auth.users
        set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
              (select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(
                 coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || to_jsonb($2::text)) as value)),
            updated_at = now()
      where id = $1`,
    [userId, provider],
  );
}

/**
 * The account passes to a provider's verified owner of its address: no password, no pending
 * confirmation, the address confirmed, the provider's data as user_metadata and the provider
 * as the only one.
 */
export async function handToProvider(
  tx: Queryable,
  userId: string,
  provider: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `update auth.users
        set encrypted_password = '', confirmation_token = '',
            email_confirmed_at = coalesce(email_confirmed_at, now()),
            raw_user_meta_data = $2::jsonb,
            raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $3::jsonb,
            updated_at = now()
      where id = $1`,
    [userId, JSON.stringify(identityData), JSON.stringify({ provider, providers: [provider] })],
  );
}
