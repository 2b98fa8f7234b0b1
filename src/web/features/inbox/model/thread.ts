/** How a reply's mail stands, as the outbox sees it. */
export const deliveryStates = ["pending", "sent", "retrying", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** A row of public.submission_messages: a member's reply, or the visitor's answer. */
export interface ThreadMessage {
  id: number;
  direction: "in" | "out";
  author_email: string | null;
  author_name: string | null;
  body: string;
  created_at: string;
  delivery: DeliveryState | null;
  delivery_error: string | null;
  /** For mail that came in: an answer, an automatic reply, or spam by the mailbox's filter. */
  kind: AnswerKind | null;
  /** The earlier mail an answer quoted, folded under it. */
  quoted: string | null;
  /** An answer's attachments, listed; their contents stay in the team's mailbox. */
  attachments: AttachmentListing[];
  from_address: string | null;
}

export type AnswerKind = "answer" | "auto" | "spam";

export interface AttachmentListing {
  name: string;
  type: string;
  size: number;
}

export const threadColumns =
  "id, direction, author_email, author_name, body, created_at, delivery, delivery_error, kind, quoted, attachments, from_address";

/** The database's bound on a reply's length (public.send_reply). */
export const replyLimit = 20_000;
