import type { FormSource } from "../../../../shared/contact-submission.ts";

export const submissionStatuses = ["new", "in_progress", "done", "spam"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return submissionStatuses.includes(value as SubmissionStatus);
}

/** A row of public.contact_submissions as the team reads it. */
export interface Submission {
  id: number;
  created_at: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  form_source: FormSource;
  status: SubmissionStatus;
  note: string;
  updated_at: string | null;
  /** Opened by a member of the team; a member may mark it unread again. */
  seen: boolean;
  /** The language of the page it was sent from: the reply is written in it. */
  language: "ar" | "en";
}

/** A row of public.contact_submission_changes: one field changed once, by whom and when. */
export interface SubmissionChange {
  id: number;
  changed_at: string;
  changed_by_email: string | null;
  field: "status" | "note" | "reply" | "answer";
  old_value: string | null;
  new_value: string | null;
}

export const submissionColumns =
  "id, created_at, name, email, phone, message, form_source, status, note, updated_at, seen, language";

/** Submissions a list shows per page. */
export const pageSize = 50;
