import {
  conversationColumns,
  csvColumns,
  csvConversation,
  csvDocument,
  submissionColumns,
  type ConversationMessage,
  type SubmissionColumn,
} from "../../../../shared/submissions-csv.ts";
import type { InboxContent } from "../content/types.ts";
import { isSubmissionStatus } from "./submission.ts";

/** A submission as the export reads it, with its conversation embedded. */
export type ExportedSubmission = Record<SubmissionColumn, string | number | null> & {
  submission_messages: ConversationMessage[];
};

/**
 * What the export asks for: the columns `npm run export` writes, and each submission's thread
 * embedded along its foreign key (named, so another relationship to the table never makes it
 * ambiguous), in the same request as its page.
 */
export const exportColumns = `${submissionColumns.join(", ")}, submission_messages!submission_id(${conversationColumns.join(", ")})`;

/** The thread's order within each submission: oldest first, as the inbox shows it. */
export const threadOrder = [
  { referencedTable: "submission_messages", column: "created_at" },
  { referencedTable: "submission_messages", column: "id" },
] as const;

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
 * member's time zone, which the header names, the conversation's too. (`npm run export` writes
 * the exact data, for backups.) Same byte-order mark, quoting and conversation as the export.
 */
export function submissionsCsv(
  rows: readonly ExportedSubmission[],
  text: Pick<InboxContent, "csv" | "forms" | "statuses">,
  timeZone: string,
): string {
  const conversationWords = {
    time: (value: string) => localTime(value, timeZone),
    kinds: text.csv.messageKinds,
  };
  const header = csvColumns.map((column) =>
    column === "created_at" ? text.csv.receivedIn(timeZone) : text.csv.columns[column],
  );
  return csvDocument(
    header,
    rows.map((row) =>
      csvColumns.map((column) => {
        if (column === "conversation") {
          return csvConversation(row.submission_messages, conversationWords);
        }
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
