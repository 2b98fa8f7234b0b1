import { getSupabase } from "../../../lib/supabase-client.ts";
import { searchText, statusArguments, type SubmissionFilter } from "../model/filter.ts";
import type { SubmissionStatus } from "../model/submission.ts";

/**
 * Sets the status of every submission the filter matches, however many, in one statement in
 * the database (public.set_status_of_matches): all change or none. Answers how many changed.
 */
export async function setStatusOfMatches(
  filter: SubmissionFilter,
  status: SubmissionStatus,
): Promise<number> {
  const supabase = await getSupabase();
  const text = searchText(filter);
  const answer = await supabase.rpc("set_status_of_matches", {
    new_status: status,
    ...(text === undefined ? {} : { query: text }),
    ...(filter.form === "all" ? {} : { form: filter.form }),
    // "All" as the list shows it (the spam rule, model/filter.ts).
    ...statusArguments(filter.status),
  });
  if (answer.error) throw answer.error;
  // The client has no types of the schema: what the function answers is read as unknown.
  const data: unknown = answer.data;
  return Number(data);
}
