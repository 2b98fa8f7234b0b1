import type { ContactSubmissionInsert } from "../../../../shared/contact-submission.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { errorMessage } from "../../../../shared/error-message.ts";

export type SubmissionOutcome =
  | { kind: "stored" }
  /** The database's limit per client (PT429); it says in its hint when to try again. */
  | { kind: "tooMany"; retryInSeconds: number | undefined }
  | { kind: "failed"; message: string };

/** Stores one submission, and says how it went. */
export async function sendSubmission(row: ContactSubmissionInsert): Promise<SubmissionOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.from("contact_submissions").insert(row);
    if (!error) return { kind: "stored" };
    if (error.code === "PT429") {
      const seconds = /(\d+) seconds/u.exec(error.hint ?? "")?.[1];
      return { kind: "tooMany", retryInSeconds: seconds ? Number(seconds) : undefined };
    }
    return { kind: "failed", message: error.message };
  } catch (error) {
    return { kind: "failed", message: errorMessage(error) };
  }
}
