// Submissions as CSV, one implementation for `npm run export` and the team's inbox: RFC 4180
// quoting, a UTF-8 byte-order mark so spreadsheets read Arabic, no cell run as a formula.

/** The columns of public.contact_submissions an export reads. */
export const submissionColumns = [
  "id",
  "created_at",
  "name",
  "email",
  "phone",
  "message",
  "form_source",
  "status",
  "note",
] as const;

/** The export's columns: the submission's own, then its conversation in one cell. */
export const csvColumns = [...submissionColumns, "conversation"] as const;

export type SubmissionColumn = (typeof submissionColumns)[number];
export type CsvColumn = (typeof csvColumns)[number];
export type CsvRow = Record<CsvColumn, string | number | null>;

export const csvByteOrderMark = "\uFEFF";

// Spreadsheets run a cell that starts with one of these as a formula; visitors write these
// fields. OWASP's advice: make such a cell text with a leading apostrophe.
const formulaStart = /^[=+\-@\t\r]/u;

/** One CSV field as RFC 4180 quotes it, safe to open in a spreadsheet. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const raw = String(value);
  const text = typeof value === "string" && formulaStart.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/u.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A whole file: the byte-order mark, a header line and the rows, each quoted as above. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return `${csvByteOrderMark}${[header, ...rows].map(csvLine).join("")}`;
}

/** The byte-order mark and the header line: what every export starts with. */
export function csvHeader(): string {
  return `${csvByteOrderMark}${csvLine(csvColumns)}`;
}

export function csvRows(rows: readonly CsvRow[]): string {
  return rows.map((row) => csvLine(csvColumns.map((column) => row[column]))).join("");
}

/**
 * A timestamp as the export writes it, UTC with PostgreSQL's microseconds:
 * `2026-01-31T18:00:00.123456+03:00` → `2026-01-31T15:00:00.123456Z`.
 */
export function csvTimestamp(value: string): string {
  const match = /^(.*?T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/u.exec(value);
  const date = new Date(match ? `${match[1]}${normalisedZone(match[3] ?? "Z")}` : value);
  if (Number.isNaN(date.getTime())) return value;
  const fraction = (match?.[2] ?? "").padEnd(6, "0");
  return `${date.toISOString().slice(0, 19)}.${fraction}Z`;
}

/** A message of a submission's thread (public.submission_messages), as an export reads it. */
export interface ConversationMessage {
  /** 'out': a member's reply; 'in': the visitor's answer. */
  direction: "in" | "out";
  /** For mail that came in: an answer, an automatic reply, or spam by the mailbox's filter. */
  kind?: "answer" | "auto" | "spam" | null;
  author_name: string | null;
  author_email: string | null;
  body: string;
  created_at: string;
}

/** The columns of public.submission_messages an export reads. */
export const conversationColumns = [
  "direction",
  "kind",
  "author_name",
  "author_email",
  "body",
  "created_at",
] as const;

/** What a message of the thread is: a reply, or one of the kinds of mail that came in. */
export type ConversationKind = "out" | "answer" | "auto" | "spam";

/** How a conversation's times and kinds of message are written. */
export interface ConversationWords {
  time: (value: string) => string;
  /** A member's reply (`out`), and the kinds of mail that came in. */
  kinds: Record<ConversationKind, string>;
}

/** `npm run export`'s: times as its created_at column writes them, kinds in English. */
export const exportConversationWords: ConversationWords = {
  time: csvTimestamp,
  kinds: { out: "reply", answer: "answer", auto: "automatic reply", spam: "spam" },
};

/**
 * A submission's thread in one cell, its messages in the order given (oldest first), a blank
 * line between them; each starts `<time> · reply · <member>: ` or `<time> · answer · ` and goes
 * on with its text as written (line breaks as `\n`). No messages, no text: an empty cell.
 *
 * Every cell it writes starts with a time, so a text starting with `=` never starts a cell and
 * is never run as a formula; csvField still guards the cell as a whole.
 */
export function csvConversation(
  messages: readonly ConversationMessage[],
  words: ConversationWords = exportConversationWords,
): string | null {
  if (messages.length === 0) return null;
  return messages
    .map((message) => {
      const author =
        message.direction === "out" ? (message.author_name ?? message.author_email) : null;
      const body = message.body.replaceAll(/\r\n?/gu, "\n");
      return `${words.time(message.created_at)} · ${words.kinds[message.direction === "out" ? "out" : (message.kind ?? "answer")]} · ${author ? `${author}: ${body}` : body}`;
    })
    .join("\n\n");
}

function normalisedZone(zone: string): string {
  if (zone === "Z") return zone;
  const [, sign = "+", hours = "00", minutes = "00"] =
    /^([+-])(\d{2}):?(\d{2})?$/u.exec(zone) ?? [];
  return `${sign}${hours}:${minutes}`;
}
