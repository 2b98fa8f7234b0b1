import type { SupabaseClient } from "@supabase/supabase-js";
import { applyFilter, searchText, type SubmissionFilter } from "../model/filter.ts";

/**
 * The submissions the filter matches, as a query to narrow, order and page: the table, or with
 * text, the database's folded search (public.search_submissions), which the same filters,
 * order and range narrow as PostgREST applies them to a function's rows.
 */
export function querySubmissions(
  supabase: SupabaseClient,
  filter: SubmissionFilter,
  columns: string,
  options: { count?: "exact" | "estimated" } = {},
) {
  const text = searchText(filter);
  const query =
    text === undefined
      ? supabase.from("contact_submissions").select(columns, options)
      : supabase.rpc("search_submissions", { query: text }, options).select(columns);
  return applyFilter(query, filter);
}
