import {
  csvConversation,
  csvHeader,
  csvRows,
  type ConversationMessage,
  type SubmissionColumn,
} from "../../shared/submissions-csv.ts";
import type { Database } from "../db/database.ts";

export const exportFormats = ["csv", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A submission as the cursor reads it; its conversation is a JSON array, as text. */
type Submission = Record<SubmissionColumn, string | null> & { conversation: string };

function jsonLine(row: Submission): string {
  return JSON.stringify({
    ...row,
    id: Number(row.id),
    conversation: JSON.parse(row.conversation) as ConversationMessage[],
  });
}

function csvRow(row: Submission) {
  return {
    ...row,
    conversation: csvConversation(JSON.parse(row.conversation) as ConversationMessage[]),
  };
}

const utc = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const batchSize = 1000;

/**
 * Every submission (created at or after `since`, when given), oldest first, written in
 * batches through a server-side cursor so memory stays flat however many rows there are.
 * CSV is written as the inbox writes it (src/shared/submissions-csv.ts). Each row carries its
 * conversation, oldest message first: one cell of the CSV, an array of messages in JSON.
 */
export async function exportSubmissions(
  db: Database,
  options: { format: ExportFormat; since: Date | undefined },
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  const since = options.since ? `'${options.since.toISOString()}'::timestamptz` : "null";
  return db.transaction(async (tx) => {
    await tx.exec("set transaction isolation level repeatable read, read only");
    await tx.exec(`
      declare submissions_export no scroll cursor for
        select s.id::text,
               ${utc("s.created_at")} as created_at,
               s.name, s.email, s.phone, s.message, s.form_source, s.status, s.note,
               coalesce((
                 select json_agg(json_build_object(
                          'direction', m.direction,
                          'kind', m.kind,
                          'author_name', m.author_name,
                          'author_email', m.author_email,
                          'body', m.body,
                          'created_at', ${utc("m.created_at")})
                        order by m.created_at, m.id)
                   from public.submission_messages m
                  where m.submission_id = s.id
               ), '[]')::text as conversation
          from public.contact_submissions s
         where ${since}::timestamptz is null or s.created_at >= ${since}
         order by s.id`);
    await write(options.format === "csv" ? csvHeader() : "[");
    let count = 0;
    for (;;) {
      const { rows } = await tx.query<Submission>(
        `fetch forward ${batchSize} from submissions_export`,
      );
      if (rows.length === 0) break;
      const chunk =
        options.format === "csv"
          ? csvRows(rows.map(csvRow))
          : rows
              .map((row, index) => `${count + index === 0 ? "\n" : ",\n"}${jsonLine(row)}`)
              .join("");
      count += rows.length;
      await write(chunk);
    }
    if (options.format === "json") await write(count === 0 ? "]\n" : "\n]\n");
    return count;
  });
}
