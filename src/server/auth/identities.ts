// auth.identities: how a user signs in (email, or a provider's subject), as GoTrue keeps them.
import type { Queryable } from "../db/database.ts";
import type { UserRow } from "./users.ts";

/** The user a provider's subject signs in as, if it has signed in before. */
export async function identityOwner(
  tx: Queryable,
  provider: string,
  subject: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ user_id: string }>(
    "select user_id from auth.identities where provider = $1 and provider_id = $2",
    [provider, subject],
  );
  return rows[0]?.user_id;
}

/** What the provider says of its user now, kept on the identity at each sign-in. */
export async function refreshIdentityData(
  tx: Queryable,
  provider: string,
  subject: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    "update auth.identities set identity_data = $3::jsonb, updated_at = now() where provider = $1 and provider_id = $2",
    [provider, subject, JSON.stringify(data)],
  );
}

export async function addIdentity(
  tx: Queryable,
  identity: { userId: string; provider: string; subject: string; data: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [identity.subject, identity.userId, JSON.stringify(identity.data), identity.provider],
  );
}

export async function removeIdentities(tx: Queryable, userId: string): Promise<void> {
  await tx.query("delete from auth.identities where user_id = $1", [userId]);
}

/** An invitation opened proves the address: the email identity says so, as GoTrue's does. */
export async function markEmailIdentityVerified(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/**
 * Whether someone proved they own the user's address: an identity of it says the address was
 * verified (a provider that checked it, or an invitation link opened). Autoconfirm confirms an
 * address nobody proved, so `email_confirmed_at` alone says nothing.
 */
export async function addressProven(tx: Queryable, user: UserRow): Promise<boolean> {
  const { rows } = await tx.query<{ proven: boolean }>(
    `select exists (select 1 from auth.identities
        where user_id = $1 and identity_data ->> 'email_verified' = 'true'
          and lower(identity_data ->> 'email') = lower($2)) as proven`,
    [user.id, user.email ?? ""],
  );
  return rows[0]?.proven === true;
}
