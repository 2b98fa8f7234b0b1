// A backup file (docs/backups.md): the data of every table the site owns, each as a COPY
// section in PostgreSQL's text format (as pg_dump writes data), then the stored objects' bytes
// in base64, each between a line naming its key and size and one with its SHA-256, between a
// first line that names the format, what it was taken from, and a last line that counts each
// table's rows and carries the SHA-256 of everything before it. A file cut short has no last
// line; a changed one fails its hash; either is refused before anything is restored.
import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";

export const firstLine =
  "-- Kalima backup, format 2. It holds the site's secrets (password hashes, two-factor secrets, sessions) and stored files: keep it as you keep the database.";
/** Format 1 held tables alone; such files are still restored. */
const firstLineOfFormat1 =
  "-- Kalima backup, format 1. It holds the site's secrets (password hashes, two-factor secrets, sessions): keep it as you keep the database.";
const aboutPrefix = "-- about ";
const endPrefix = "-- end ";
const objectPrefix = "-- object ";
const objectEndPrefix = "-- object end ";
// Each line carries 3 kB of an object's bytes, 4 kB of base64.
const bytesPerLine = 3 * 1024;
const base64Line = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/u;
const copyLine =
  /^COPY ((?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")\.(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")) \((.+)\) FROM stdin;$/u;
const endOfData = "\\.";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/u);

/** Where the stored objects' bytes were, and whether the file holds them. */
const storage = z.discriminatedUnion("backend", [
  z.object({ backend: z.literal("file"), objects: z.literal("held") }),
  z.object({
    backend: z.literal("s3"),
    objects: z.literal("in the bucket"),
    bucket: z.string(),
    endpoint: z.string().optional(),
    /** A command that copies the bucket's objects, for the operator to run. */
    copy: z.string(),
  }),
]);
export type BackupStorage = z.infer<typeof storage>;

const about = z.object({
  format: z.literal("kalima-backup"),
  version: z.union([z.literal(1), z.literal(2)]),
  createdAt: z.string(),
  database: z.enum(["embedded", "postgresql"]),
  /** The newest migration the database had run. */
  migration: z.string().regex(/^\d{14}$/u),
  /** From format 2. */
  storage: storage.optional(),
});
export type BackupAbout = z.infer<typeof about>;

const end = z.object({
  rows: z.record(z.string(), z.number().int().nonnegative()),
  sequences: z.record(z.string(), z.string().regex(/^-?\d+$/u)),
  /** From format 2: how many objects the file holds, and their bytes. */
  objects: z
    .object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() })
    .optional(),
  sha256: sha256Hex,
});
type BackupEnd = z.infer<typeof end>;

const objectStart = z.object({
  key: z
    .string()
    .min(1)
    .refine(
      (key) => key.split("/").every((part) => part !== "" && part !== "." && part !== ".."),
      "a key is a path of names, none empty, . or ..",
    ),
  size: z.number().int().nonnegative(),
});
const objectEnd = z.object({ sha256: sha256Hex });

export interface ObjectSection {
  key: string;
  size: number;
  sha256: string;
}

export interface TableSection {
  name: string;
  columns: string[];
  rows: number;
}

/** Writes a backup a line at a time through `write`, which may wait (back-pressure). */
export class BackupWriter {
  private readonly hash: Hash = createHash("sha256");
  private readonly rows: Record<string, number> = {};
  private readonly objects = { count: 0, bytes: 0 };

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

  /** An object's bytes, which must come to `size`: base64 lines, then their SHA-256. */
  async object(key: string, size: number, bytes: AsyncIterable<Uint8Array>): Promise<void> {
    await this.put(`${objectPrefix}${JSON.stringify({ key, size })}\n`);
    const hash = createHash("sha256");
    let held = 0;
    let rest = Buffer.alloc(0);
    for await (const chunk of bytes) {
      hash.update(chunk);
      held += chunk.length;
      rest = rest.length === 0 ? Buffer.from(chunk) : Buffer.concat([rest, chunk]);
      const whole = rest.length - (rest.length % bytesPerLine);
      const lines: string[] = [];
      for (let at = 0; at < whole; at += bytesPerLine) {
        lines.push(rest.subarray(at, at + bytesPerLine).toString("base64"));
      }
      if (lines.length > 0) await this.put(`${lines.join("\n")}\n`);
      rest = rest.subarray(whole);
    }
    if (rest.length > 0) await this.put(`${rest.toString("base64")}\n`);
    if (held !== size) throw new Error(`${key} held ${held} bytes where ${size} were listed`);
    await this.put(`${objectEndPrefix}${JSON.stringify({ sha256: hash.digest("hex") })}\n`);
    this.objects.count += 1;
    this.objects.bytes += size;
  }

  async finish(sequences: Record<string, string>): Promise<Record<string, number>> {
    const last: BackupEnd = {
      rows: this.rows,
      sequences,
      objects: this.objects,
      sha256: this.hash.digest("hex"),
    };
    await this.write(`${endPrefix}${JSON.stringify(last)}\n`);
    return this.rows;
  }
}

/** Why a file is not a backup that can be restored. */
export class BackupFileError extends Error {}

export interface CheckedBackup {
  about: BackupAbout;
  tables: TableSection[];
  /** The stored objects the file holds, each checked against its size and SHA-256. */
  objects: ObjectSection[];
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

/** An object section being read: its bytes counted and hashed as they come. */
interface OpenObject extends Omit<ObjectSection, "sha256"> {
  hash: Hash;
  held: number;
  /** A line shorter than a full one ends the object's bytes. */
  ended: boolean;
}

function openObject(line: string): OpenObject | undefined {
  const parsed = objectStart.safeParse(parseJson(line.slice(objectPrefix.length)));
  if (!parsed.success) return undefined;
  return { ...parsed.data, hash: createHash("sha256"), held: 0, ended: false };
}

/** Adds a base64 line to `open`: its bytes, or undefined when no object's bytes have it. */
function objectLine(open: OpenObject, line: string): Buffer | undefined {
  if (open.ended || !base64Line.test(line)) return undefined;
  const bytes = Buffer.from(line, "base64");
  if (bytes.length > bytesPerLine) return undefined;
  open.ended = bytes.length < bytesPerLine;
  open.hash.update(bytes);
  open.held += bytes.length;
  return bytes;
}

/** Reads `file` whole and says what it holds, or why it cannot be restored. */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const hash = createHash("sha256");
  let details: BackupAbout | undefined;
  let last: BackupEnd | undefined;
  let lineNumber = 0;
  let open: TableSection | undefined;
  let object: OpenObject | undefined;
  const tables: TableSection[] = [];
  const objects: ObjectSection[] = [];
  const keys = new Set<string>();
  const refuse = (reason: string) =>
    new BackupFileError(`${file} is not a backup that can be restored: ${reason}`);
  for await (const line of lines(file)) {
    lineNumber += 1;
    if (last) throw refuse(`line ${lineNumber} follows its last line`);
    if (lineNumber === 1) {
      if (line !== firstLine && line !== firstLineOfFormat1) {
        throw refuse("its first line is not a Kalima backup's");
      }
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
    } else if (object) {
      if (line.startsWith(objectEndPrefix)) {
        const parsed = objectEnd.safeParse(parseJson(line.slice(objectEndPrefix.length)));
        if (!parsed.success) throw refuse(`line ${lineNumber} does not end ${object.key}`);
        if (object.held !== object.size) {
          throw refuse(
            `the object ${object.key} holds ${object.held} bytes, not its recorded ${object.size}`,
          );
        }
        if (object.hash.digest("hex") !== parsed.data.sha256) {
          throw refuse(`the object ${object.key} does not match its recorded SHA-256`);
        }
        objects.push({ key: object.key, size: object.size, sha256: parsed.data.sha256 });
        object = undefined;
      } else if (!objectLine(object, line)) {
        throw refuse(`line ${lineNumber}, in the object ${object.key}, is not base64 it can hold`);
      }
    } else if (line.startsWith(endPrefix)) {
      const parsed = end.safeParse(parseJson(line.slice(endPrefix.length)));
      if (!parsed.success) throw refuse(`its last line (${lineNumber}) cannot be read`);
      last = parsed.data;
      continue;
    } else if (line.startsWith(objectPrefix)) {
      object = openObject(line);
      if (!object) throw refuse(`line ${lineNumber} does not name an object that can be restored`);
      if (keys.has(object.key)) throw refuse(`it holds the object ${object.key} twice`);
      keys.add(object.key);
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
  const bytes = objects.reduce((sum, found) => sum + found.size, 0);
  if (last.objects && (last.objects.count !== objects.length || last.objects.bytes !== bytes)) {
    throw refuse(
      `it holds ${objects.length} objects of ${bytes} bytes, and its last line says otherwise`,
    );
  }
  return { about: details, tables, objects, sequences: last.sequences, sha256: last.sha256 };
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
  let inObject = false;
  for await (const line of lines(file)) {
    if (ended) throw changed("a line follows its last line");
    if (!open && !inObject && line.startsWith(endPrefix)) {
      ended = true;
      continue;
    }
    hash.update(`${line}\n`);
    if (inObject) {
      inObject = !line.startsWith(objectEndPrefix);
      continue;
    }
    if (!open && line.startsWith(objectPrefix)) {
      inObject = true;
      continue;
    }
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

export type ObjectPart =
  | { kind: "start"; key: string; size: number }
  | { kind: "bytes"; bytes: Buffer }
  | { kind: "end"; key: string; sha256: string };

/**
 * A checked backup's objects, each as its start, its bytes in pieces of about `pieceBytes`,
 * and its end with the SHA-256 the file records. As with tableBatches, the file is hashed again
 * as it is read, and a file changed since it was checked fails after its last object.
 */
export async function* objectParts(
  file: string,
  checked: CheckedBackup,
  pieceBytes = 1024 * 1024,
): AsyncGenerator<ObjectPart> {
  const hash = createHash("sha256");
  const changed = (reason: string) =>
    new BackupFileError(`${file} changed after it was checked (${reason}): nothing was restored`);
  const recorded = new Map(checked.objects.map((found) => [found.key, found]));
  let inTable = false;
  let object: OpenObject | undefined;
  let piece: Buffer[] = [];
  let size = 0;
  let ended = false;
  let lineNumber = 0;
  for await (const line of lines(file)) {
    lineNumber += 1;
    if (ended) throw changed("a line follows its last line");
    if (!inTable && !object && lineNumber > 2 && line.startsWith(endPrefix)) {
      ended = true;
      continue;
    }
    hash.update(`${line}\n`);
    if (lineNumber <= 2) continue;
    if (inTable) {
      inTable = line !== endOfData;
    } else if (object) {
      if (line.startsWith(objectEndPrefix)) {
        if (piece.length > 0) yield { kind: "bytes", bytes: Buffer.concat(piece) };
        piece = [];
        size = 0;
        const sha256 = recorded.get(object.key)?.sha256 ?? "";
        if (object.held !== object.size || object.hash.digest("hex") !== sha256) {
          throw changed(`the object ${object.key} is not the one checked`);
        }
        yield { kind: "end", key: object.key, sha256 };
        object = undefined;
        continue;
      }
      const bytes = objectLine(object, line);
      if (!bytes) throw changed(`line ${lineNumber} is not base64`);
      piece.push(bytes);
      size += bytes.length;
      if (size >= pieceBytes) {
        yield { kind: "bytes", bytes: Buffer.concat(piece) };
        piece = [];
        size = 0;
      }
    } else if (line.startsWith(objectPrefix)) {
      object = openObject(line);
      if (!object || !recorded.has(object.key))
        throw changed(`line ${lineNumber} names another object`);
      yield { kind: "start", key: object.key, size: object.size };
    } else {
      inTable = copyLine.test(line);
    }
  }
  if (!ended) throw changed("it has no last line");
  if (hash.digest("hex") !== checked.sha256) throw changed("its contents no longer match");
}
