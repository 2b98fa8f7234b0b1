import type { StorageConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { StoredBytesMissing, type StorageBackend } from "../storage/backend.ts";
import { BackupWriter, type BackupAbout, type BackupStorage } from "./backup-file.ts";
import { migrationLevel, siteSequences, siteTables } from "./catalog.ts";

/** A connection that sees one snapshot of the database and reads COPY's text format from it. */
export interface DumpSource extends Queryable {
  copyOut(select: string): Promise<string>;
}

// A table is read a range of pages at a time (a TID range scan), so no read holds more than
// about this much of it in memory.
const pagesAtATime = 2048;

/**
 * Settings that make COPY's text the same whoever reads it: times in UTC and ISO, floats
 * exact, and row-level security off, so that a policy that would hide a row fails the backup
 * rather than leaving the row out.
 */
export const portableSettings =
  "set timezone to 'UTC'; set datestyle to 'ISO, YMD'; set intervalstyle to 'postgres'; " +
  "set extra_float_digits to 3; set row_security to off; set client_encoding to 'UTF8'";

async function* pageRanges(source: DumpSource, select: string, pages: number) {
  // Pages added since the size was read hold no row this snapshot sees, and the last range is
  // open-ended, so every row is read once.
  for (let first = 0; first === 0 || first < pages; first += pagesAtATime) {
    const bound =
      first + pagesAtATime < pages ? ` and ctid < '(${first + pagesAtATime},0)'::tid` : "";
    yield await source.copyOut(`${select} where ctid >= '(${first},0)'::tid${bound}`);
  }
}

/** Where the site's stored objects are: the backend a backup reads them from, and its settings. */
export interface StoredObjects {
  config: StorageConfig;
  backend: StorageBackend;
}

/** What a backup says of the stored objects: held in the file, or left in their bucket. */
export function backupStorage(config: StorageConfig): BackupStorage {
  if (config.backend === "file") return { backend: "file", objects: "held" };
  const endpoint = config.endpoint ? ` --endpoint-url ${config.endpoint}` : "";
  return {
    backend: "s3",
    objects: "in the bucket",
    bucket: config.bucket,
    ...(config.endpoint && { endpoint: config.endpoint }),
    copy: `aws s3 sync s3://${config.bucket} ./kalima-objects --region ${config.region}${endpoint}`,
  };
}

/** On S3 a backup holds no object: said plainly, with the command that copies them. */
export function objectsNote(storage: BackupStorage | undefined): string {
  if (storage?.backend !== "s3") return "";
  return (
    `The stored objects stay in the S3 bucket ${storage.bucket}: this backup does not hold them. ` +
    `Copy them beside it with: ${storage.copy}\n`
  );
}

/**
 * The file backend's objects, read after the rows: an object removed meanwhile (replaced or
 * deleted after the snapshot) is left out, one added meanwhile is carried though no row names it.
 */
async function dumpObjects(writer: BackupWriter, backend: StorageBackend): Promise<void> {
  for await (const found of backend.list("")) {
    const read = await backend.read(found.key).catch((error: unknown) => {
      if (error instanceof StoredBytesMissing) return undefined;
      throw error;
    });
    if (read) await writer.object(found.key, read.size, read.body);
  }
}

/**
 * Writes every table the site owns from `source`, which must see one snapshot throughout (a
 * repeatable-read transaction, or a copy of the embedded database's files), then the stored
 * objects when they are on this machine's disk (STORAGE_BACKEND=file).
 */
export async function dumpDatabase(
  source: DumpSource,
  write: (text: string) => Promise<void>,
  database: BackupAbout["database"],
  objects?: StoredObjects,
): Promise<Record<string, number>> {
  await source.exec(portableSettings);
  const migration = await migrationLevel(source);
  if (!migration)
    throw new Error("The database has never been migrated: there is nothing to back up");
  const writer = new BackupWriter(write);
  await writer.begin({
    format: "kalima-backup",
    version: 2,
    createdAt: new Date().toISOString(),
    database,
    migration,
    ...(objects && { storage: backupStorage(objects.config) }),
  });
  for (const table of await siteTables(source)) {
    const select = `select ${table.columns.join(", ")} from ${table.name}`;
    await writer.table(table.name, table.columns, pageRanges(source, select, table.pages));
  }
  if (objects?.config.backend === "file") await dumpObjects(writer, objects.backend);
  return writer.finish(await siteSequences(source));
}
