import { getSupabase } from "../../../lib/supabase-client.ts";
import type { SubmissionStatus } from "../model/submission.ts";

/** The ids one request changes at most: an address stays well under what servers accept. */
const idsPerRequest = 200;

/**
 * Sets the status of every submission in `ids`, a request per 200; the database writes each
 * one's history. Answers how many changed.
 */
export async function setStatusOf(
  ids: readonly number[],
  status: SubmissionStatus,
): Promise<number> {
  const supabase = await getSupabase();
  let changed = 0;
  for (let start = 0; start < ids.length; start += idsPerRequest) {
    const { data, error } = await supabase
      .from("contact_submissions")
      .update({ status })
      .in("id", ids.slice(start, start + idsPerRequest))
      .select("id");
    if (error) throw error;
    changed += data.length;
  }
  return changed;
}
