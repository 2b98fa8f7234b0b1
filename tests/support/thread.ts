import { randomUUID } from "node:crypto";
import type { Queryable } from "../../src/server/db/database.ts";

export interface ThreadedMessage {
  direction: "in" | "out";
  body: string;
  created_at: string;
  author_name?: string | null;
  author_email?: string | null;
}

/**
 * A message written into a submission's thread at a chosen time, as the database's functions
 * write one: a reply with its member and its delivery, an answer as mail that came in (a real
 * answer, not an automatic one). Answers its id.
 */
export async function threadMessage(
  db: Queryable,
  submissionId: number | string,
  message: ThreadedMessage,
): Promise<number> {
  const out = message.direction === "out";
  const { rows } = await db.query<{ id: number | string }>(
    `insert into public.submission_messages
       (submission_id, direction, author, author_email, author_name, body, created_at, delivery,
        kind)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id`,
    [
      submissionId,
      message.direction,
      out ? randomUUID() : null,
      message.author_email ?? null,
      message.author_name ?? null,
      message.body,
      message.created_at,
      out ? "sent" : null,
      out ? null : "answer",
    ],
  );
  return Number(rows[0]?.id);
}
