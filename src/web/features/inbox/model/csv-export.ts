import { csvColumns, csvDocument, type CsvRow } from "../../../../shared/submissions-csv.ts";
import type { InboxContent } from "../content/types.ts";
import { isSubmissionStatus } from "./submission.ts";

/** The columns the export asks for: those `npm run export` writes. */
export const exportColumns = csvColumns.join(", ");

/**
 * A moment in `timeZone` as spreadsheets read it, with its offset so it is never ambiguous:
 * `2026-01-31 18:00:00 +03:00`. Latin digits in both languages: it is data.
 */
export function localTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).slice(3);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

/**
 * The inbox's CSV, for people: columns and values named in the inbox's language, times in the
 * member's time zone, which the header names. (`npm run export` writes the exact data, for
 * backups.) Same byte-order mark and quoting as the export.
 */
export function submissionsCsv(
  rows: readonly CsvRow[],
  text: Pick<InboxContent, "csv" | "forms" | "statuses">,
  timeZone: string,
): string {
  const header = csvColumns.map((column) =>
    column === "created_at" ? text.csv.receivedIn(timeZone) : text.csv.columns[column],
  );
  return csvDocument(
    header,
    rows.map((row) =>
      csvColumns.map((column) => {
        const value = row[column];
        if (value === null) return null;
        if (column === "created_at") return localTime(String(value), timeZone);
        if (column === "form_source" && Object.hasOwn(text.forms, String(value))) {
          return text.forms[String(value) as keyof typeof text.forms];
        }
        if (column === "status" && isSubmissionStatus(value)) return text.statuses[value];
        return value;
      }),
    ),
  );
}

/** kalima-submissions-2026-01-31.csv, dated in the reader's own calendar. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `kalima-submissions-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
