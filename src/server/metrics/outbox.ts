import type { Database } from "../db/database.ts";

/** What the metrics say of the mail outbox. */
export interface OutboxState {
  pending: number;
  failed: number;
  /** 0 when nothing is pending. */
  oldestPendingSeconds: number;
  /** Since the team's mailbox was last read for answers; NaN when it never was (no IMAP_URL). */
  mailboxReadSeconds: number;
}

/** How long a scrape waits for the outbox before it answers without it. */
export const outboxReadTimeoutMs = 1000;

// Each count reads a partial index (mail_outbox_due_idx, mail_outbox_failed_created_at_idx),
// never the whole table, however many mails were sent.
const outboxStatement = `select
  (select count(*) from public.mail_outbox where status = 'pending')::float8 as pending,
  (select count(*) from public.mail_outbox where status = 'failed')::float8 as failed,
  coalesce((select extract(epoch from now() - min(created_at))
              from public.mail_outbox where status = 'pending'), 0)::float8 as oldest_pending_seconds,
  (select extract(epoch from now() - max(checked_at))
     from private.mailbox_watch)::float8 as mailbox_read_seconds`;

/**
 * Reads the outbox for a scrape, as the server's own work: on the embedded database it takes its
 * turn in the fair queue behind visitors (db/fair-queue.ts). One read at a time, shared by every
 * scrape that arrives while it waits, so a slow database gathers no queue of them; a scrape that
 * waits more than `timeoutMs` gets undefined.
 */
export function outboxReader(
  db: Pick<Database, "query">,
  timeoutMs = outboxReadTimeoutMs,
): () => Promise<OutboxState | undefined> {
  let reading: Promise<OutboxState | undefined> | undefined;
  const read = () =>
    (reading ??= db
      .query<{
        pending: number;
        failed: number;
        oldest_pending_seconds: number;
        mailbox_read_seconds: number | null;
      }>(outboxStatement)
      .then(
        ({ rows }) => {
          const row = rows[0];
          return (
            row && {
              pending: Number(row.pending),
              failed: Number(row.failed),
              oldestPendingSeconds: Number(row.oldest_pending_seconds),
              mailboxReadSeconds:
                row.mailbox_read_seconds === null ? Number.NaN : Number(row.mailbox_read_seconds),
            }
          );
        },
        () => undefined,
      )
      .finally(() => {
        reading = undefined;
      }));
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const state = await Promise.race([read(), late]);
    clearTimeout(timer);
    return state;
  };
}
