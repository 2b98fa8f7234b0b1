import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { inboxKeys, submissionPageQuery } from "../api/inbox-queries.ts";
import type { SubmissionPage } from "../api/list-submissions.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import type { Submission } from "../model/submission.ts";

/** What was last read, for which request; the previous data stays on view while loading. */
export type Loaded<T> = { state: "loading" | "ready" | "failed"; data: T | undefined };

/** A reading the member asked for (after an action), by the page's updates when it was asked. */
interface Asked {
  key: string;
  data: number;
  error: number;
}

/**
 * The page of submissions the filter matches, from the query cache: read when filter or page
 * change, the last page shown staying on view, dimmed, until the new one arrives. Read again
 * quietly when the live inbox invalidates it (the page read stays on view, ready, and a quiet
 * reading that fails leaves it), or on `refresh`, after the member's own action, which shows
 * the page loading until it is read and says so if that fails.
 */
export function useSubmissions(filter: SubmissionFilter, page: number) {
  const client = useQueryClient();
  const { form, status, text } = filter;
  const key = JSON.stringify([form, status, text, page]);
  const options = submissionPageQuery(client, { form, status, text }, page);
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const { data, errorUpdateCount } = query;
  // Every update of the page's data (a reading, or a row put in place), counted by the cache.
  const dataUpdateCount = client.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;

  // A first reading of another filter that fails still shows the last page read, dimmed.
  const [lastData, setLastData] = useState<SubmissionPage>();
  if (data !== undefined && data !== lastData) setLastData(data);

  const [asked, setAsked] = useState<Asked>();
  const askedHere = asked?.key === key && dataUpdateCount === asked.data ? asked : undefined;
  const result: Loaded<SubmissionPage> =
    query.isPlaceholderData || query.isPending
      ? { state: "loading", data: data ?? lastData }
      : query.status === "error" && (data === undefined || askedHere)
        ? { state: "failed", data: data ?? lastData }
        : askedHere && errorUpdateCount === askedHere.error
          ? { state: "loading", data }
          : { state: "ready", data };

  /** Puts a changed row in place, on every page read, without reading them again. */
  const replace = useCallback(
    (row: Submission) =>
      client.setQueriesData<SubmissionPage>({ queryKey: inboxKeys.pages() }, (previous) =>
        previous
          ? {
              ...previous,
              rows: previous.rows.map((candidate) => (candidate.id === row.id ? row : candidate)),
            }
          : previous,
      ),
    [client],
  );

  /** Reads the page and the counts again, showing the page loading until then. */
  const refresh = useCallback(() => {
    setAsked({ key, data: dataUpdateCount, error: errorUpdateCount });
    void client.invalidateQueries({ queryKey: inboxKeys.matches() });
  }, [client, key, dataUpdateCount, errorUpdateCount]);

  return { result, replace, refresh };
}
