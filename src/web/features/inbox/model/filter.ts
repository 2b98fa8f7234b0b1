import type { FormSource } from "../../../../shared/contact-submission.ts";
import { isSubmissionStatus, submissionStatuses, type SubmissionStatus } from "./submission.ts";

export interface SubmissionFilter {
  form: FormSource | "all";
  status: SubmissionStatus | "all";
  /** Looked for in the name, email, phone, message and note, folded (search_submissions). */
  text: string;
}

export const noFilter: SubmissionFilter = { form: "all", status: "all", text: "" };

/** The inbox's parts: the submissions, the site's content (its editor), the saved replies. */
export type InboxView = "submissions" | "site" | "replies";

/** What the inbox's address says: the part shown, the filter, the page (from 1) and the submission open. */
export interface InboxAddress {
  view: InboxView;
  /** The section of the site's content being edited, when the site is shown. */
  part: string | undefined;
  filter: SubmissionFilter;
  page: number;
  open: number | undefined;
}

const formKeys = { contact: "Contact Page", mutakallim: "Mutakallim Program" } as const;
type FormKey = keyof typeof formKeys;

function formFromKey(key: string | null): FormSource | "all" {
  return key !== null && Object.hasOwn(formKeys, key) ? formKeys[key as FormKey] : "all";
}

function keyOfForm(form: FormSource): FormKey {
  return form === "Contact Page" ? "contact" : "mutakallim";
}

function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/u.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && Number.isSafeInteger(number) ? number : undefined;
}

export function readAddress(search: URLSearchParams): InboxAddress {
  const status = search.get("status");
  const view = search.get("view");
  return {
    view: view === "site" || view === "replies" ? view : "submissions",
    part: search.get("part") ?? undefined,
    filter: {
      form: formFromKey(search.get("form")),
      status: isSubmissionStatus(status) ? status : "all",
      text: search.get("q") ?? "",
    },
    page: positiveInteger(search.get("page")) ?? 1,
    open: positiveInteger(search.get("open")),
  };
}

export function writeAddress({ view, part, filter, page, open }: InboxAddress): URLSearchParams {
  const search = new URLSearchParams();
  if (view === "site") {
    search.set("view", "site");
    if (part !== undefined) search.set("part", part);
    return search;
  }
  if (view === "replies") {
    search.set("view", "replies");
    return search;
  }
  if (filter.form !== "all") search.set("form", keyOfForm(filter.form));
  if (filter.status !== "all") search.set("status", filter.status);
  if (filter.text.trim() !== "") search.set("q", filter.text.trim());
  if (page > 1) search.set("page", String(page));
  if (open !== undefined) search.set("open", String(open));
  return search;
}

/** The text the inbox searches for, or undefined for none: the database folds the rest. */
export function searchText(filter: SubmissionFilter): string | undefined {
  const trimmed = filter.text.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The part of a supabase-js query builder a filter uses. */
export interface FilterableQuery<Query> {
  eq(column: string, value: string): Query;
  neq(column: string, value: string): Query;
}

/**
 * The spam rule, written here alone for the browser: "all" is every status but spam. Spam has a
 * view of its own and stays out of the default list, as the form services keep it: out of the
 * list and count of "all", of the unread count, of a change of status to all that "all" matches,
 * and of the live inbox's announcements. The database's functions take it as `spam => false`
 * (statusArguments) and write it in SQL once more; tests/contract/spam-rule.test.ts holds the
 * SQL to this definition.
 */
export const leftOutOfAll = "spam" satisfies SubmissionStatus;

/** The statuses "all" shows. */
export const statusesOfAll = submissionStatuses.filter((status) => status !== leftOutOfAll);

/** Whether what a status filter (or one submission's status) matches is among what "all" shows. */
export function withinAll(status: SubmissionFilter["status"]): boolean {
  return status !== leftOutOfAll;
}

/**
 * The status filter as the database's functions take it (search_submissions,
 * set_status_of_matches): one status, or "all" as every status but spam.
 */
export function statusArguments(
  status: SubmissionFilter["status"],
): { spam: false } | { status: SubmissionStatus } {
  return status === "all" ? { spam: false } : { status };
}

/** Narrows by form and status, "all" by the spam rule. */
export function applyFilter<Query extends FilterableQuery<Query>>(
  query: Query,
  filter: Pick<SubmissionFilter, "form" | "status">,
): Query {
  let filtered = query;
  if (filter.form !== "all") filtered = filtered.eq("form_source", filter.form);
  filtered =
    filter.status === "all"
      ? filtered.neq("status", leftOutOfAll)
      : filtered.eq("status", filter.status);
  return filtered;
}
