import type { CsvRow } from "../../../../shared/submissions-csv.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { exportColumns } from "../model/csv-export.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { readEveryMatch } from "./read-every-match.ts";

/** Every submission the filter matches, oldest first as `npm run export` writes them. */
export async function fetchAllSubmissions(filter: SubmissionFilter): Promise<CsvRow[]> {
  const supabase = await getSupabase();
  const rows = await readEveryMatch<CsvRow>(supabase, filter, exportColumns);
  return rows.reverse();
}
