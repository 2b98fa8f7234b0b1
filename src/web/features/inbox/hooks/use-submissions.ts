import { useCallback, useEffect, useState } from "react";
import { listSubmissions, type SubmissionPage } from "../api/list-submissions.ts";
import type { SubmissionFilter } from "../model/filter.ts";
import type { Submission } from "../model/submission.ts";

/** What was last read, for which request; the previous data stays on view while loading. */
export type Loaded<T> = { state: "loading" | "ready" | "failed"; data: T | undefined };

interface Answer<T> {
  key: string;
  failed: boolean;
  data: T | undefined;
}

/** Loading until the answer for `key` arrives; until then, the last answer's data. */
export function loadedFor<T>(key: string, answer: Answer<T> | undefined): Loaded<T> {
  if (!answer || answer.key !== key) return { state: "loading", data: answer?.data };
  return { state: answer.failed ? "failed" : "ready", data: answer.data };
}

/**
 * The page of submissions the filter matches, read again whenever filter or page change, and
 * quietly whenever `freshness` does (the inbox heard it changed): the page read stays on view,
 * ready, until the new reading replaces it, and a quiet reading that fails leaves it.
 */
export function useSubmissions(filter: SubmissionFilter, page: number, freshness = 0) {
  const [answer, setAnswer] = useState<Answer<SubmissionPage>>();
  const [reload, setReload] = useState(0);
  const { form, status, text } = filter;
  const key = JSON.stringify([form, status, text, page, reload]);

  useEffect(() => {
    let current = true;
    listSubmissions({ form, status, text }, page).then(
      (data) => current && setAnswer({ key, failed: false, data }),
      () =>
        current &&
        setAnswer((previous) =>
          previous?.key === key && !previous.failed
            ? previous
            : { key, failed: true, data: previous?.data },
        ),
    );
    return () => {
      current = false;
    };
  }, [key, form, status, text, page, freshness]);

  /** Puts a changed row in place without reading the page again. */
  const replace = useCallback((row: Submission) => {
    setAnswer((previous) =>
      previous?.data
        ? {
            ...previous,
            data: {
              ...previous.data,
              rows: previous.data.rows.map((candidate) =>
                candidate.id === row.id ? row : candidate,
              ),
            },
          }
        : previous,
    );
  }, []);

  const refresh = useCallback(() => setReload((count) => count + 1), []);
  /** Names the reading under way: it changes whenever the page is read again. */
  const reading = `${key}:${freshness}`;
  return { result: loadedFor(key, answer), replace, refresh, reading };
}
