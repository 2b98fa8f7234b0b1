import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, MiddlewareHandler } from "hono";
import { formPages } from "../../shared/form-checks.ts";
import { addressedPage } from "../../shared/language.ts";
import { hasVisibleText } from "../../shared/visible-text.ts";
import type { AppEnv } from "../http/context.ts";
import { PostgrestError } from "../rest/errors.ts";
import type { Metrics } from "./metrics.ts";

/**
 * How a submission ended. Stored: kept for the team. Spam: kept, marked spam (its honeypot was
 * filled), mailed to nobody. Duplicate: answered as sent, not stored again (the same message
 * from the same address within the window). Limit: refused 429 (a client past its limits, in
 * the database or the API's rate limit). Ceiling: refused 503 PT503 (the day's ceiling for
 * everyone). Invalid: refused as malformed (4xx: a check, a missing field, a body too large or
 * of the wrong type). Error: the server or database failed (5xx).
 */
export const submissionOutcomes = [
  "stored",
  "spam",
  "duplicate",
  "limit",
  "ceiling",
  "invalid",
  "error",
] as const;

export type SubmissionOutcome = (typeof submissionOutcomes)[number];

/** Set while a form posted without scripts is answered: its insert counts it, not the form. */
const formPosts = new AsyncLocalStorage<{ counted: boolean }>();

/** The database marks a row spam when its honeypot holds visible text (the submission guard). */
function isSpam(row: unknown): boolean {
  const website: unknown = (row as { website?: unknown } | null)?.website;
  return typeof website === "string" && hasVisibleText(website);
}

/**
 * By row when the insert read its body; a request refused before (too large, not JSON, over the
 * API's rate limit) counts as one.
 */
function outcomes(c: Context<AppEnv>): [SubmissionOutcome, number][] {
  const status = c.res.status;
  const insert = c.get("insert");
  const count = insert?.rows.length ?? 1;
  if (status < 300) {
    const sent = insert?.rows ?? [];
    const stored = Math.min(insert?.stored ?? sent.length, sent.length);
    const spam = Math.min(sent.filter(isSpam).length, stored);
    return [
      ["stored", stored - spam],
      ["spam", spam],
      ["duplicate", sent.length - stored],
    ];
  }
  if (status === 429) return [["limit", count]];
  const code = c.error instanceof PostgrestError ? c.error.body.code : undefined;
  if (status === 503 && code === "PT503") return [["ceiling", count]];
  if (status >= 500) return [["error", count]];
  return [["invalid", count]];
}

/**
 * POST /rest/v1/contact_submissions, after the API key is checked: where every submission is
 * stored, from supabase-js and from the forms posted without scripts alike, so each is counted
 * once, by row, from the status and what the database said it stored.
 */
export function countSubmissions(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    await next();
    const form = formPosts.getStore();
    if (form) form.counted = true;
    for (const [outcome, count] of outcomes(c)) {
      if (count > 0) metrics.submissions.inc({ outcome }, count);
    }
  };
}

/**
 * A form posted without scripts that the form itself refuses (a field missing, a body too large
 * or of the wrong type) never reaches the insert: counted here as invalid, or as an error.
 */
export function countFormRefusals(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "POST" || !formPages[addressedPage(c.req.path).path]) return next();
    const form = { counted: false };
    await formPosts.run(form, next);
    if (form.counted) return;
    const status = c.res.status;
    if (status === 413 || status === 415 || status === 422) {
      metrics.submissions.inc({ outcome: "invalid" });
    } else if (status >= 500) {
      metrics.submissions.inc({ outcome: "error" });
    }
  };
}
