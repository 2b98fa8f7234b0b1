// Private channels are authorised as hosted: a probe message per extension is read and written
// under the subscriber's role and claims, in a transaction that is rolled back, so the policies
// on realtime.messages decide (internal.realtime_channel_policies, in realtime's migration).
import type { Database } from "../db/database.ts";
import type { ApiClaims } from "../http/context.ts";
import { openPolicies, type ChannelPolicies } from "./channel.ts";

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super("rolled back");
  }
}

export async function channelPolicies(
  db: Database,
  name: string,
  claims: ApiClaims,
): Promise<ChannelPolicies> {
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ policies: unknown }>(
        "select internal.realtime_channel_policies($1, $2, $3) as policies",
        [name, claims.role, JSON.stringify(claims)],
      );
      throw new Rollback(rows[0]?.policies);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    const value =
      typeof error.value === "string" ? (JSON.parse(error.value) as unknown) : error.value;
    return { ...openPolicies, ...(value as ChannelPolicies) };
  }
  return openPolicies;
}

/** What a subscriber could read before and cannot now: the reason its channel ends, if any. */
export function revocation(
  name: string,
  before: ChannelPolicies,
  after: ChannelPolicies,
): string | undefined {
  const revoked =
    (before.broadcast.read && !after.broadcast.read) ||
    (before.presence.read && !after.presence.read);
  return revoked
    ? `You no longer have permission to read from this Channel topic: ${name}`
    : undefined;
}
