import { csvHeader, csvRows, type CsvColumn } from "../../shared/submissions-csv.ts";
import type { Database } from "../db/database.ts";

export const exportFormats = ["csv", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

type Submission = Record<CsvColumn, string | null>;

function jsonLine(row: Submission): string {
  return JSON.stringify({ ...row, id: Number(row.id) });
}

const batchSize = 1000;

/**
 * Every submission (created at or after `since`, when given), oldest first, written in
 * batches through a server-side cursor so memory stays flat however many rows there are.
 * CSV is written as the inbox writes it (src/shared/submissions-csv.ts).
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
        select id::text,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
               name, email, phone, message, form_source, status, note
          from public.contact_submissions
         where ${since}::timestamptz is null or created_at >= ${since}
         order by contact_submissions.id`);
    await write(options.format === "csv" ? csvHeader() : "[");
    let count = 0;
    for (;;) {
      const { rows } = await tx.query<Submission>(
        `fetch forward ${batchSize} from submissions_export`,
      );
      if (rows.length === 0) break;
      const chunk =
        options.format === "csv"
          ? csvRows(rows)
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
