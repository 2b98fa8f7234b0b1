import type { CsvRow } from "../../../../shared/submissions-csv.ts";
import { getSupabase } from "../../../lib/supabase-client.ts";
import { exportColumns } from "../model/csv-export.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import { querySubmissions } from "./query-submissions.ts";

/** Rows per request while exporting: the CLI's batch size. */
export const exportBatchSize = 1000;

/**
 * Every submission the filter matches, oldest first as `npm run export` writes them, read in
 * pages so that no single answer grows with the table.
 */
export async function fetchAllSubmissions(filter: SubmissionFilter): Promise<CsvRow[]> {
  const supabase = await getSupabase();
  const rows: CsvRow[] = [];
  for (let from = 0; ; from += exportBatchSize) {
    const { data, error } = await querySubmissions(supabase, filter, exportColumns)
      .order("id", { ascending: true })
      .range(from, from + exportBatchSize - 1);
    if (error) throw error;
    const batch = data as unknown as CsvRow[];
    rows.push(...batch);
    if (batch.length < exportBatchSize) return rows;
  }
}
