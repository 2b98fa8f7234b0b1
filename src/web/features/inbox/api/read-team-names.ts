import { getSupabase } from "../../../lib/supabase-client.ts";
import type { TeamMemberName } from "../../../components/team/team-names.ts";

/** Every member's id, address and name (public.team_member_names(), for members at aal2). */
export async function readTeamNames(): Promise<TeamMemberName[]> {
  const supabase = await getSupabase();
  const answer = await supabase.rpc("team_member_names", undefined, { get: true });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: each row is checked as it is read.
  const rows: unknown = answer.data;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    const { id, email, name } = (row ?? {}) as Record<string, unknown>;
    return typeof id === "string" && typeof email === "string"
      ? [{ id, email, name: typeof name === "string" ? name : null }]
      : [];
  });
}
