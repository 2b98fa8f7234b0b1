import type { ContactSubmissionInsert } from "../../../../shared/contact-submission.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";

/** Stores one submission; resolves to the error's message, or null when the row was stored. */
export async function sendSubmission(row: ContactSubmissionInsert): Promise<string | null> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from("contact_submissions").insert(row);
    return error ? error.message : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
