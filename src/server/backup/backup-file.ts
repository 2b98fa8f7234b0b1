// A backup file (docs/backups.md): the data of every table the site owns, each as a COPY
// section in PostgreSQL's text format (as pg_dump writes data), between a first line that names
// the format, what it was taken from, and a last line that counts each table's rows and carries
// the SHA-256 of everything before it. A file cut short has no last line; a changed one fails
// its hash; either is refused before anything is restored.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";

export const firstLine =
  "-- Kalima backup, format 1. It holds the site's secrets (password hashes, two-factor secrets, sessions): keep it as you keep the database.";
const aboutPrefix = "-- about ";
const endPrefix = "-- end ";
const copyLine =
  /^COPY ((?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")\.(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")) \((.+)\) FROM stdin;$/u;
const endOfData = "\\.";

const about = z.object({
  format: z.literal("kalima-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(["embedded", "postgresql"]),
  /** The newest migration the database had run. */
  migration: z.string().regex(/^\d{14}$/u),
});
export type BackupAbout = z.infer<typeof about>;

const end = z.object({
  rows: z.record(z.string(), z.number().int().nonnegative()),
  sequences: z.record(z.string(), z.string().regex(/^-?\d+$/u)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/u),
});
type BackupEnd = z.infer<typeof end>;

export interface TableSection {
  name: string;
  columns: string[];
  rows: number;
}

/** Writes a backup a line at a time through `write`, which may wait (back-pressure). */
export class BackupWriter {
  private readonly hash: Hash = createHash("sha256");
  private readonly rows: Record<string, number> = {};

  constructor(private readonly write: (text: string) => Promise<void>) {}

  private async put(text: string): Promise<void> {
    this.hash.update(text);
    await this.write(text);
  }

  async begin(details: BackupAbout): Promise<void> {
    await this.put(`${firstLine}\n${aboutPrefix}${JSON.stringify(details)}\n`);
  }

  /** A table's rows: `chunks` yields COPY text, whole lines each. */
  async table(name: string, columns: string[], chunks: AsyncIterable<string>): Promise<number> {
    await this.put(`COPY ${name} (${columns.join(", ")}) FROM stdin;\n`);
    let count = 0;
    for await (const chunk of chunks) {
      if (chunk === "") continue;
      if (!chunk.endsWith("\n")) throw new Error(`COPY of ${name} ended inside a row`);
      for (let at = chunk.indexOf("\n"); at !== -1; at = chunk.indexOf("\n", at + 1)) count += 1;
      await this.put(chunk);
    }
    await this.put(`${endOfData}\n`);
    this.rows[name] = count;
    return count;
  }

  async finish(sequences: Record<string, string>): Promise<Record<string, number>> {
    const last: BackupEnd = { rows: this.rows, sequences, sha256: this.hash.digest("hex") };
    await this.write(`${endPrefix}${JSON.stringify(last)}\n`);
    return this.rows;
  }
}

/** Why a file is not a backup that can be restored. */
export class BackupFileError extends Error {}

export interface CheckedBackup {
  about: BackupAbout;
  tables: TableSection[];
  sequences: Record<string, string>;
  /** The SHA-256 (hex) of every line before the last, which the last line carries. */
  sha256: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function lines(file: string): AsyncIterable<string> {
  return createInterface({
    input: createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
}

/** Reads `file` whole and says what it holds, or why it cannot be restored. */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const hash = createHash("sha256");
  let details: BackupAbout | undefined;
  let last: BackupEnd | undefined;
  let lineNumber = 0;
  let open: TableSection | undefined;
  const tables: TableSection[] = [];
  const refuse = (reason: string) =>
    new BackupFileError(`${file} is not a backup that can be restored: ${reason}`);
  for await (const line of lines(file)) {
    lineNumber += 1;
    if (last) throw refuse(`line ${lineNumber} follows its last line`);
    if (lineNumber === 1) {
      if (line !== firstLine) throw refuse("its first line is not a Kalima backup's");
    } else if (lineNumber === 2) {
      const parsed = line.startsWith(aboutPrefix)
        ? about.safeParse(parseJson(line.slice(aboutPrefix.length)))
        : undefined;
      if (!parsed?.success) throw refuse("its second line does not say what it was taken from");
      details = parsed.data;
    } else if (open) {
      if (line === endOfData) {
        tables.push(open);
        open = undefined;
      } else open.rows += 1;
    } else if (line.startsWith(endPrefix)) {
      const parsed = end.safeParse(parseJson(line.slice(endPrefix.length)));
      if (!parsed.success) throw refuse(`its last line (${lineNumber}) cannot be read`);
      last = parsed.data;
      continue;
    } else {
      const match = copyLine.exec(line);
      if (!match) throw refuse(`line ${lineNumber} is neither a table's start nor its end`);
      open = { name: match[1] ?? "", columns: (match[2] ?? "").split(", "), rows: 0 };
    }
    hash.update(`${line}\n`);
  }
  if (!details) throw refuse("it is empty");
  if (!last) throw refuse(`it ends at line ${lineNumber} without its last line: it was cut short`);
  if (hash.digest("hex") !== last.sha256) throw refuse("its contents do not match their hash");
  for (const table of tables) {
    if (last.rows[table.name] !== table.rows) {
      throw refuse(`${table.name} holds ${table.rows} rows, and its last line says otherwise`);
    }
  }
  return { about: details, tables, sequences: last.sequences, sha256: last.sha256 };
}

/**
 * A checked backup's rows, table by table, in batches of whole lines of about `batchBytes`. The
 * file is hashed again as it is read, and the last batch is followed by a check that it is
 * still the file `checked` describes: a file changed since it was checked fails here, before
 * what was loaded from it is committed.
 */
export async function* tableBatches(
  file: string,
  checked: CheckedBackup,
  batchBytes = 4 * 1024 * 1024,
): AsyncGenerator<{ table: string; columns: string[]; rows: string }> {
  const hash = createHash("sha256");
  const sections = new Set(checked.tables.map((table) => table.name));
  const changed = (reason: string) =>
    new BackupFileError(`${file} changed after it was checked (${reason}): nothing was restored`);
  let open: { table: string; columns: string[] } | undefined;
  let batch: string[] = [];
  let size = 0;
  let ended = false;
  for await (const line of lines(file)) {
    if (ended) throw changed("a line follows its last line");
    if (!open && line.startsWith(endPrefix)) {
      ended = true;
      continue;
    }
    hash.update(`${line}\n`);
    if (!open) {
      const match = copyLine.exec(line);
      if (match) {
        open = { table: match[1] ?? "", columns: (match[2] ?? "").split(", ") };
        if (!sections.has(open.table)) throw changed(`it now holds ${open.table}`);
      }
      continue;
    }
    if (line === endOfData) {
      if (batch.length > 0) yield { ...open, rows: `${batch.join("\n")}\n` };
      open = undefined;
      batch = [];
      size = 0;
      continue;
    }
    batch.push(line);
    size += line.length + 1;
    if (size >= batchBytes) {
      yield { ...open, rows: `${batch.join("\n")}\n` };
      batch = [];
      size = 0;
    }
  }
  if (!ended) throw changed("it has no last line");
  if (hash.digest("hex") !== checked.sha256) throw changed("its contents no longer match");
}
