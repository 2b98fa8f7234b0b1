import { getSupabase } from "../../../lib/supabase-client.ts";
import { withheldReasons, type Confirmation, type WithheldReason } from "../model/mail.ts";

/** The registrant's confirmation for one submission, or null when it has none (a message). */
export async function readConfirmation(submissionId: number): Promise<Confirmation | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("mail_outbox")
    .select("status, last_error")
    .eq("submission_id", submissionId)
    .eq("kind", "registration")
    .order("id", { ascending: false })
    .limit(1)
    .maybeSingle<{ status: Confirmation["status"]; last_error: string | null }>();
  if (error) throw error;
  if (!data) return null;
  if (data.status !== "withheld") return { status: data.status };
  const reason = withheldReasons.includes(data.last_error as WithheldReason)
    ? (data.last_error as WithheldReason)
    : "hourly_bound_reached";
  return { status: "withheld", reason };
}
