import type { Database } from "../db/database.ts";

export const exportFormats = ["csv", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportColumns = [
  "id",
  "created_at",
  "name",
  "email",
  "phone",
  "message",
  "form_source",
] as const;

type Submission = Record<(typeof exportColumns)[number], string | null>;

// Spreadsheets run a cell that starts with one of these as a formula; visitors write these
// fields. OWASP's advice: make such a cell text with a leading apostrophe. JSON stays verbatim.
const formulaStart = /^[=+\-@\t\r]/u;

/** One CSV field as RFC 4180 quotes it, safe to open in a spreadsheet. */
export function csvField(value: string | null): string {
  if (value === null) return "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/u.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

function jsonLine(row: Submission): string {
  return JSON.stringify({ ...row, id: Number(row.id) });
}

const batchSize = 1000;

/**
 * Every submission (created at or after `since`, when given), oldest first, written in
 * batches through a server-side cursor so memory stays flat however many rows there are.
 * CSV starts with a UTF-8 byte-order mark, which spreadsheet programs need to read Arabic.
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
               name, email, phone, message, form_source
          from public.contact_submissions
         where ${since}::timestamptz is null or created_at >= ${since}
         order by contact_submissions.id`);
    await write(options.format === "csv" ? `\uFEFF${csvLine(exportColumns)}` : "[");
    let count = 0;
    for (;;) {
      const { rows } = await tx.query<Submission>(
        `fetch forward ${batchSize} from submissions_export`,
      );
      if (rows.length === 0) break;
      const chunk =
        options.format === "csv"
          ? rows.map((row) => csvLine(exportColumns.map((column) => row[column]))).join("")
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
