import type { SupabaseClient } from "@supabase/supabase-js";
import type { SubmissionFilter } from "../model/filter.ts";
import { querySubmissions } from "./query-submissions.ts";

/**
 * Rows asked for in each request when every match is read. A server may answer fewer (a hosted
 * project's max-rows may be lower), so reading stops at an empty page, never at a short one.
 */
export const readBatchSize = 1000;

/** Where a page ended, in the list's order: newest first, ties broken by id. */
interface PageEnd {
  id: number;
  created_at: string;
}

/** A column that orders the rows of a resource `columns` embeds, within each submission. */
export interface EmbeddedOrder {
  referencedTable: string;
  column: string;
}

/**
 * Every submission the filter matches, newest first, read a page at a time. Each page starts
 * after the last row of the one before (keyset paging on created_at and id), so rows arriving
 * or going meanwhile never shift a page. `columns` must name id and created_at; it may embed
 * related rows, ordered by `embeddedOrder`.
 */
export async function readEveryMatch<Row>(
  supabase: SupabaseClient,
  filter: SubmissionFilter,
  columns: string,
  batchSize = readBatchSize,
  embeddedOrder: readonly EmbeddedOrder[] = [],
): Promise<Row[]> {
  const rows: Row[] = [];
  let end: PageEnd | undefined;
  for (;;) {
    let query = querySubmissions(supabase, filter, columns);
    if (end) {
      const at = JSON.stringify(end.created_at);
      // The bound on created_at alone lets its index start the scan where the last page ended.
      query = query
        .lte("created_at", end.created_at)
        .or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${end.id})`);
    }
    let ordered = query.order("created_at", { ascending: false }).order("id", { ascending: false });
    for (const { referencedTable, column } of embeddedOrder) {
      ordered = ordered.order(column, { referencedTable });
    }
    const { data, error } = await ordered.limit(batchSize);
    if (error) throw error;
    const page = data as unknown as Row[];
    if (page.length === 0) return rows;
    rows.push(...page);
    end = page.at(-1) as PageEnd;
  }
}
