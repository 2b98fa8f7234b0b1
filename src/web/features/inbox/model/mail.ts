export const mailKinds = ["submission", "registration", "invite", "recovery", "reply"] as const;
export type MailKind = (typeof mailKinds)[number];

/** A row of public.mail_outbox that could not be sent, as the team may read it. */
export interface FailedMail {
  id: number;
  kind: MailKind;
  submission_id: number | null;
  created_at: string;
  attempts: number;
  last_error: string | null;
}

export const failedMailColumns = "id, kind, submission_id, created_at, attempts, last_error";

/** How far back the inbox lists mail that failed. */
export const failedMailDays = 30;

/** Failed mails the inbox lists at most; the count says how many there are. */
export const failedMailShown = 10;

/** Why a registrant's confirmation was not sent (public.enqueue_submission_mail). */
export const withheldReasons = [
  "hourly_bound_reached",
  "address_confirmed_within_hour",
  "address_not_mailable",
] as const;
export type WithheldReason = (typeof withheldReasons)[number];

/** What became of a registration's confirmation to the address the registrant typed. */
export type Confirmation =
  { status: "pending" | "sent" | "failed" } | { status: "withheld"; reason: WithheldReason };
