import {
  csvColumns,
  csvHeader,
  csvRows,
  csvTimestamp,
  type CsvRow,
} from "../../../../shared/submissions-csv.ts";

/** The columns the export asks for: exactly those `npm run export` writes. */
export const exportColumns = csvColumns.join(", ");

/**
 * The file `npm run export -- --format csv` would write for these rows: the same header, byte
 * order mark and quoting, and the time of each in UTC with microseconds.
 */
export function submissionsCsv(rows: readonly CsvRow[]): string {
  return (
    csvHeader() +
    csvRows(
      rows.map((row) => ({
        ...row,
        created_at: row.created_at === null ? null : csvTimestamp(String(row.created_at)),
      })),
    )
  );
}

/** kalima-submissions-2026-01-31.csv, dated in the reader's own calendar. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `kalima-submissions-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
