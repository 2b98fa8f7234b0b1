import type { Queryable } from "../db/database.ts";
import { BackupWriter, type BackupAbout } from "./backup-file.ts";
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

/**
 * Writes every table the site owns from `source`, which must see one snapshot throughout (a
 * repeatable-read transaction, or a copy of the embedded database's files).
 */
export async function dumpDatabase(
  source: DumpSource,
  write: (text: string) => Promise<void>,
  database: BackupAbout["database"],
): Promise<Record<string, number>> {
  await source.exec(portableSettings);
  const migration = await migrationLevel(source);
  if (!migration)
    throw new Error("The database has never been migrated: there is nothing to back up");
  const writer = new BackupWriter(write);
  await writer.begin({
    format: "kalima-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    migration,
  });
  for (const table of await siteTables(source)) {
    const select = `select ${table.columns.join(", ")} from ${table.name}`;
    await writer.table(table.name, table.columns, pageRanges(source, select, table.pages));
  }
  return writer.finish(await siteSequences(source));
}
