import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "./database.ts";
import { errorMessage } from "../../shared/error-message.ts";

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

const fileName = /^(\d{14})_([a-z0-9_]+)\.sql$/u;

// Any constant shared by every instance: whoever holds it migrates, the others wait.
const migrationLockKey = 7_244_617_105;

export async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith(".sql")).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = fileName.exec(file);
      if (!match) {
        throw new Error(
          `Migration file name ${file} must be <14-digit timestamp>_<snake_case_name>.sql`,
        );
      }
      const [, version = "", name = ""] = match;
      return { version, name, sql: await readFile(path.join(directory, file), "utf8") };
    }),
  );
}

/**
 * Applies the migrations not yet recorded, in order, in one transaction, and records them in the
 * table the Supabase CLI uses, so a database migrated here and one migrated by `supabase db push`
 * agree on what has run. Safe to rerun, and safe when several instances start at once.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [migrationLockKey]);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text not null primary key,
        statements text[],
        name text
      );
    `);
    const { rows } = await tx.query<{ version: string }>(
      "select version from supabase_migrations.schema_migrations",
    );
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = errorMessage(error);
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${reason}`, {
          cause: error,
        });
      }
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)",
        [migration.version, [migration.sql], migration.name],
      );
    }
    return pending.map((migration) => `${migration.version}_${migration.name}`);
  });
}
