import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { Copying, Database, Queryable } from "../db/database.ts";
import { migrate, type Migration } from "../db/migrate.ts";
import { openPostgres } from "../db/postgres.ts";
import type { StorageBackend, StoredBytes } from "../storage/backend.ts";
import {
  BackupFileError,
  checkBackup,
  objectParts,
  tableBatches,
  type BackupStorage,
  type CheckedBackup,
} from "./backup-file.ts";
import { migrationLevel, siteTables, type SiteTable } from "./catalog.ts";
import { portableSettings } from "./dump.ts";
import { connectForCopy } from "./postgres-copy.ts";

/** The database a backup is restored into. */
export interface RestoreTarget {
  /** Where migrations run and the target is inspected. */
  database: Database;
  /** Runs `work` in one transaction on a connection that can COPY. */
  load<T>(work: (tx: Queryable & Copying) => Promise<T>): Promise<T>;
}

/** A PostgreSQL database as a restore's target: its rows loaded on a connection that can COPY. */
export async function openPostgresTarget(
  url: string,
): Promise<RestoreTarget & { close(): Promise<void> }> {
  const database = await openPostgres({ connectionString: url, poolSize: 1 });
  return {
    database,
    async load(work) {
      const connection = await connectForCopy(url);
      try {
        await connection.exec("begin");
        const result = await work(connection);
        await connection.exec("commit");
        return result;
      } catch (error) {
        await connection.exec("rollback").catch(() => {});
        throw error;
      } finally {
        await connection.close();
      }
    },
    close: () => database.close(),
  };
}

export interface RestoreOptions {
  migrations: Migration[];
  /** Replace what a database already migrated holds; without it such a target is refused. */
  replace: boolean;
  /** Where the backup's stored objects are written: the backend STORAGE_BACKEND names. */
  storage?: StorageBackend | undefined;
}

export interface RestoreReport {
  backupMigration: string;
  migration: string;
  createdAt: string;
  rows: Record<string, number>;
  /** The tables the backup does not hold, which kept what the target had. */
  kept: string[];
  /** The stored objects written back, and their bytes. */
  objects: { count: number; bytes: number };
  /** Where the backup says the objects were; undefined for a backup of format 1. */
  storage: BackupStorage | undefined;
}

/** A refusal that changed nothing: the operator's next step is in its message. */
export class RestoreRefused extends Error {}

/**
 * Restores `file` into `target`: checks the whole file first, migrates the target to this
 * version, then replaces the rows of every table the backup holds in one transaction (triggers
 * off, so no history, mail or limit fires again) and checks each table's count before
 * committing. A table the backup lacks keeps what the target has. A failure rolls
 * the rows back whole. The target is opened only once the file has been read whole and found
 * sound.
 */
export async function restoreBackup(
  file: string,
  openTarget: () => Promise<RestoreTarget & { close(): Promise<void> }>,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const backup = await checkBackup(file);
  const newest = options.migrations.at(-1)?.version ?? "";
  if (backup.about.migration > newest) {
    throw new RestoreRefused(
      `The backup was taken by a newer version (migration ${backup.about.migration}; this one ` +
        `knows up to ${newest}): restore it with that version`,
    );
  }
  // Opened only once the file is known good: a refused file leaves no trace.
  const target = await openTarget();
  try {
    return await restoreInto(target, file, backup, options);
  } finally {
    await target.close();
  }
}

async function restoreInto(
  target: RestoreTarget,
  file: string,
  backup: CheckedBackup,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const level = await migrationLevel(target.database);
  if (level !== undefined && !options.replace) {
    throw new RestoreRefused(
      `The target database is not new (migrated to ${level}): restore into a new database, or ` +
        "pass --replace to replace what it holds of the backup's tables",
    );
  }
  await migrate(target.database, options.migrations);
  const migration = (await migrationLevel(target.database)) ?? "";
  if (backup.objects.length > 0 && !options.storage) {
    throw new RestoreRefused(
      `The backup holds ${backup.objects.length} stored objects, and no storage was given to write them to`,
    );
  }

  const written: string[] = [];
  const rows = await target
    .load(async (tx) => {
      await tx.exec(portableSettings);
      const tables = await siteTables(tx);
      const columnsOf = new Map(tables.map((table) => [table.name, new Set(table.columns)]));
      for (const section of backup.tables) {
        const columns = columnsOf.get(section.name);
        if (!columns) {
          throw new RestoreRefused(`The backup holds ${section.name}, which this version has not`);
        }
        const missing = section.columns.filter((column) => !columns.has(column));
        if (missing.length > 0) {
          throw new RestoreRefused(
            `The backup's ${section.name} has columns this version has not: ${missing.join(", ")}`,
          );
        }
      }
      const names = tables.map((table) => table.name);
      const replaced = await tablesToEmpty(tx, tables, backup);
      for (const name of names) await tx.exec(`alter table ${name} disable trigger user`);
      if (replaced.length > 0) await tx.exec(`truncate ${replaced.join(", ")}`);
      // As a bulk load does: indexes no constraint needs are built once, after the rows are in,
      // rather than kept up row by row (the search's trigram index most of all).
      const indexes = await looseIndexes(tx, replaced);
      for (const index of indexes) await tx.exec(`drop index ${index.name}`);
      const constraints = await forwardReferences(tx, backup);
      for (const constraint of constraints) {
        await tx.exec(`alter table ${constraint.table} drop constraint ${constraint.name}`);
      }
      for await (const batch of tableBatches(file, backup)) {
        await tx.copyIn(`${batch.table} (${batch.columns.join(", ")})`, batch.rows);
      }
      for (const index of indexes) await tx.exec(index.definition);
      // Added again as it was, so every row loaded is checked against it.
      for (const constraint of constraints) {
        await tx.exec(
          `alter table ${constraint.table} add constraint ${constraint.name} ${constraint.definition}`,
        );
      }
      for (const [sequence, value] of Object.entries(backup.sequences)) {
        await tx.query("select setval($1::regclass, $2::bigint)", [sequence, value]);
      }
      for (const name of names) await tx.exec(`alter table ${name} enable trigger user`);
      const counted: Record<string, number> = {};
      for (const name of names) {
        const { rows: found } = await tx.query<{ count: string | number }>(
          `select count(*) as count from ${name}`,
        );
        counted[name] = Number(found[0]?.count ?? 0);
      }
      for (const section of backup.tables) {
        if (counted[section.name] !== section.rows) {
          throw new BackupFileError(
            `${section.name} has ${counted[section.name]} rows after loading, not the backup's ${section.rows}`,
          );
        }
      }
      // Last before the commit: a failure here rolls the rows back, and the objects written are
      // removed below, so no restore is left half done.
      await restoreObjects(file, backup, options.storage, written);
      return counted;
    })
    .catch(async (error: unknown) => {
      if (written.length > 0) await options.storage?.remove(written).catch(() => {});
      throw error;
    });
  const held = new Set(backup.tables.map((table) => table.name));
  return {
    backupMigration: backup.about.migration,
    migration,
    createdAt: backup.about.createdAt,
    rows,
    kept: Object.keys(rows).filter((name) => !held.has(name)),
    objects: {
      count: backup.objects.length,
      bytes: backup.objects.reduce((sum, found) => sum + found.size, 0),
    },
    storage: backup.about.storage,
  };
}

/**
 * Writes the backup's objects into `storage`, each checked again against its size and SHA-256
 * as it is read. `written` gathers the keys that were not there before, for a failed restore to
 * remove; a key already there holds the same version's bytes, and is written over.
 */
async function restoreObjects(
  file: string,
  backup: CheckedBackup,
  storage: StorageBackend | undefined,
  written: string[],
): Promise<void> {
  if (!storage || backup.objects.length === 0) return;
  const sizes = new Map(backup.objects.map((found) => [found.key, found.size]));
  let body: PassThrough | undefined;
  let writing: Promise<StoredBytes> | undefined;
  try {
    for await (const part of objectParts(file, backup)) {
      if (part.kind === "start") {
        const there = await storage.head(part.key).then(
          () => true,
          () => false,
        );
        if (!there) written.push(part.key);
        body = new PassThrough();
        writing = storage.write(part.key, body, {
          contentType: "application/octet-stream",
          cacheControl: "no-cache",
        });
      } else if (part.kind === "bytes" && body && writing) {
        // Waits for the backend to take the bytes, or for the write to fail.
        if (!body.write(part.bytes)) await Promise.race([once(body, "drain"), writing]);
      } else if (part.kind === "end" && body && writing) {
        body.end();
        const { size } = await writing;
        body = undefined;
        writing = undefined;
        if (size !== sizes.get(part.key)) {
          throw new BackupFileError(
            `${part.key} was stored as ${size} bytes, not the backup's ${sizes.get(part.key)}`,
          );
        }
      }
    }
  } finally {
    body?.destroy(new Error("the restore stopped"));
    await writing?.catch(() => {});
  }
}

/**
 * The tables a restore empties: those the backup holds. A table it lacks (one a later version
 * added, such as the site's content, which its migration seeds) keeps what the target has,
 * unless that refers to rows the backup replaces: such a table is emptied when it holds
 * nothing, and the restore refused when it does.
 */
async function tablesToEmpty(
  tx: Queryable,
  tables: SiteTable[],
  backup: CheckedBackup,
): Promise<string[]> {
  const held = new Set(backup.tables.map((table) => table.name));
  const emptied = tables.filter((table) => held.has(table.name)).map((table) => table.name);
  for (const table of tables) {
    if (held.has(table.name)) continue;
    const replaced = table.references.filter((name) => held.has(name));
    if (replaced.length === 0) continue;
    const { rows } = await tx.query<{ found: boolean }>(
      `select exists (select from ${table.name}) as found`,
    );
    if (rows[0]?.found) {
      throw new RestoreRefused(
        `The backup has no ${table.name}, whose rows in the target refer to ${replaced.join(", ")}, ` +
          "which the backup replaces: they cannot be kept. Restore into a new database",
      );
    }
    emptied.push(table.name);
  }
  return emptied;
}

/**
 * The foreign keys among the backup's tables that a row may meet before the row it refers to:
 * a table's references to itself (a restored version to the version it restored), which a
 * table read in ranges of pages need not hold in order, and any to a table loaded later. As
 * pg_restore does, they are added after the rows are in.
 */
async function forwardReferences(
  tx: Queryable,
  backup: CheckedBackup,
): Promise<{ table: string; name: string; definition: string }[]> {
  const order = backup.tables.map((table) => table.name);
  const { rows } = await tx.query<{
    table_name: string;
    referenced: string;
    name: string;
    definition: string;
  }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as table_name,
       quote_ident(fn.nspname) || '.' || quote_ident(f.relname) as referenced,
       quote_ident(k.conname) as name,
       pg_get_constraintdef(k.oid) as definition
     from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class f on f.oid = k.confrelid
       join pg_namespace fn on fn.oid = f.relnamespace
     where k.contype = 'f' and k.conrelid = any ($1::regclass[]) and k.confrelid = any ($1::regclass[])`,
    [order],
  );
  return rows
    .filter((row) => order.indexOf(row.referenced) >= order.indexOf(row.table_name))
    .map((row) => ({ table: row.table_name, name: row.name, definition: row.definition }));
}

/** The indexes of `tables` that back no constraint, with the statement that builds each. */
async function looseIndexes(
  tx: Queryable,
  tables: string[],
): Promise<{ name: string; definition: string }[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
       pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
     where i.indrelid = any ($1::regclass[])
       and not exists (select from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}
