import { getSupabase } from "../../../lib/supabase-client.ts";
import { factorShownKey } from "../model/invitation.ts";

/** The member's unverified authenticator apps, newest first, and the one last shown to scan. */
export async function readEnrolment(): Promise<{
  unverified: string[];
  shown: string | undefined;
}> {
  const supabase = await getSupabase();
  // Asks the server, not the session's copy: another device may have enrolled since.
  const { data, error } = await supabase.auth.getUser();
  if (error) throw error;
  const unverified = (data.user.factors ?? [])
    .filter((factor) => factor.factor_type === "totp" && factor.status === "unverified")
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((factor) => factor.id);
  const shown: unknown = data.user.user_metadata[factorShownKey];
  return { unverified, shown: typeof shown === "string" ? shown : undefined };
}
