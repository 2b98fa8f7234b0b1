import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { searchText, type SubmissionFilter } from "../model/filter.ts";
import type { Confirmation } from "../model/mail.ts";
import type { Submission, SubmissionChange } from "../model/submission.ts";
import type { SavedReply } from "../model/saved-reply.ts";
import type { ThreadMessage } from "../model/thread.ts";
import { countByStatus } from "./count-by-status.ts";
import { listChanges } from "./list-changes.ts";
import { listThread } from "./list-thread.ts";
import { listFailedMail, type FailedMailPage } from "./list-failed-mail.ts";
import { listSavedReplies } from "./list-saved-replies.ts";
import { listSubmissions } from "./list-submissions.ts";
import { readConfirmation } from "./read-confirmation.ts";
import { readMailOn } from "./read-mail-on.ts";
import { readSubmission } from "./read-submission.ts";
import { readTeamNames } from "./read-team-names.ts";

/**
 * The inbox's query keys, broadest first: invalidating a key reads again every query under it.
 * What the filter's matches decide (the pages of the list, the status counts) sits under
 * `matches`, so one invalidation after any change of rows reads both.
 */
export const inboxKeys = {
  all: ["inbox"] as const,
  matches: () => [...inboxKeys.all, "matches"] as const,
  pages: () => [...inboxKeys.matches(), "page"] as const,
  page: ({ form, status, text }: SubmissionFilter, page: number) =>
    [...inboxKeys.pages(), form, status, searchText({ form, status, text }) ?? "", page] as const,
  counts: ({ form, text }: Pick<SubmissionFilter, "form" | "text">) =>
    [
      ...inboxKeys.matches(),
      "counts",
      form,
      searchText({ form, status: "all", text }) ?? "",
    ] as const,
  submission: (id: number) => [...inboxKeys.all, "submission", id] as const,
  mail: () => [...inboxKeys.all, "mail"] as const,
  names: () => [...inboxKeys.all, "names"] as const,
  savedReplies: () => [...inboxKeys.all, "saved-replies"] as const,
};

/** How many of each status the filter's form and text match (its status aside). */
export function statusCountsQuery({ form, text }: Pick<SubmissionFilter, "form" | "text">) {
  return queryOptions({
    queryKey: inboxKeys.counts({ form, text }),
    queryFn: () => countByStatus({ form, status: "all", text }),
  });
}

/**
 * One page of the list. A search's page takes its count from the status counts' query: a
 * reading of them under way is shared (one call to search_submission_counts for both), and
 * otherwise one is made, which the status counts then show too.
 */
export function submissionPageQuery(client: QueryClient, filter: SubmissionFilter, page: number) {
  return queryOptions({
    queryKey: inboxKeys.page(filter, page),
    queryFn: () =>
      listSubmissions(filter, page, (counted) => client.fetchQuery(statusCountsQuery(counted))),
  });
}

export interface OpenSubmission {
  submission: Submission | null;
  changes: SubmissionChange[];
  /** A registration's confirmation to the registrant; null for a message. */
  confirmation: Confirmation | null;
  /** The team's replies and the visitor's answers, oldest first. */
  thread: ThreadMessage[];
}

/**
 * One submission, read whole, with its history, its thread and what became of its confirmation. Forgotten
 * as soon as it is closed: opened again, it is read afresh (its seen mark is written from what
 * was read, never from what was cached).
 */
export function openSubmissionQuery(id: number) {
  return queryOptions({
    queryKey: inboxKeys.submission(id),
    queryFn: async (): Promise<OpenSubmission> => {
      const [submission, changes, confirmation, thread] = await Promise.all([
        readSubmission(id),
        listChanges(id),
        readConfirmation(id),
        listThread(id),
      ]);
      return { submission, changes, confirmation, thread };
    },
    gcTime: 0,
  });
}

export interface MailState {
  on: boolean;
  failed: FailedMailPage;
}

/** Whether mail is delivered, and which mails failed. */
export function mailStateQuery() {
  return queryOptions({
    queryKey: inboxKeys.mail(),
    queryFn: async (): Promise<MailState> => {
      const [on, failed] = await Promise.all([readMailOn(), listFailedMail()]);
      return { on, failed };
    },
  });
}

/** Every member's id, address and name: how the team's pages name who did what. */
export function teamNamesQuery() {
  return queryOptions({ queryKey: inboxKeys.names(), queryFn: readTeamNames });
}

/** The team's saved replies, read again when the live inbox hears one changed. */
export function savedRepliesQuery() {
  return queryOptions({
    queryKey: inboxKeys.savedReplies(),
    queryFn: (): Promise<SavedReply[]> => listSavedReplies(),
  });
}
