// Submissions as CSV, one implementation for `npm run export` and the team's inbox: RFC 4180
// quoting, a UTF-8 byte-order mark so spreadsheets read Arabic, no cell run as a formula.

export const csvColumns = [
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

function normalisedZone(zone: string): string {
  if (zone === "Z") return zone;
  const [, sign = "+", hours = "00", minutes = "00"] =
    /^([+-])(\d{2}):?(\d{2})?$/u.exec(zone) ?? [];
  return `${sign}${hours}:${minutes}`;
}
