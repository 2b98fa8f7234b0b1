import type { SupabaseClient } from "@supabase/supabase-js";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { exportColumns, threadOrder, type ExportedSubmission } from "../model/csv-export.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { readBatchSize, readEveryMatch } from "./read-every-match.ts";

/**
 * Every submission the filter matches, oldest first as `npm run export` writes them, each with
 * its conversation, which each page's request embeds.
 */
export async function fetchAllSubmissions(
  filter: SubmissionFilter,
  supabase?: SupabaseClient,
  batchSize = readBatchSize,
): Promise<ExportedSubmission[]> {
  const rows = await readEveryMatch<ExportedSubmission>(
    supabase ?? (await getSupabase()),
    filter,
    exportColumns,
    batchSize,
    threadOrder,
  );
  return rows.reverse();
}
