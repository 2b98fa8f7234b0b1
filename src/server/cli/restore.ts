// npm run restore -- FILE [--replace]: restores a backup (npm run backup) into the configured
// database: DATABASE_URL, else the embedded database in DATA_DIR, with the server stopped.
// Restoring the embedded database's backup with DATABASE_URL set is the move to PostgreSQL.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig, type Config } from "../config.ts";
import { objectsNote } from "../backup/dump.ts";
import { openPostgresTarget, restoreBackup, type RestoreTarget } from "../backup/restore.ts";
import { readMigrations } from "../db/migrate.ts";
import { openPGlite } from "../db/pglite.ts";
import { openStorageBackend } from "../storage/open-backend.ts";
import { runCommand, UsageError } from "./command.ts";
import { describeDatabase } from "./database-name.ts";
import { errorMessage } from "../../shared/error-message.ts";

const usage = `Usage: npm run restore -- FILE [--replace]

Restores FILE, a backup written by npm run backup, into DATABASE_URL's database, else the
embedded database in DATA_DIR (stop the server first). A database that was already migrated
is refused unless --replace is given: then every table the backup holds is replaced, and a
table it does not hold (one a later version added) keeps what it has.`;

function readArguments(): { file: string; replace: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ options: { replace: { type: "boolean" } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) throw new UsageError("Name one backup file to restore");
  return { file: path.resolve(file), replace: parsed.values.replace === true };
}

async function openTarget(config: Config): Promise<RestoreTarget & { close(): Promise<void> }> {
  if (config.databaseUrl) return openPostgresTarget(config.databaseUrl);
  const database = await openPGlite(path.join(config.dataDir, "pglite"));
  return { database, load: (work) => database.transaction(work), close: () => database.close() };
}

await runCommand(async () => {
  const { file, replace } = readArguments();
  const config = loadConfig();
  const started = performance.now();
  const migrations = await readMigrations(config.migrationsDir);
  const storage = openStorageBackend(config.storage);
  const report = await restoreBackup(file, () => openTarget(config), {
    migrations,
    replace,
    storage,
  }).finally(() => storage.close());
  const kept = new Set(report.kept);
  const lines = Object.entries(report.rows).map(
    ([table, rows]) =>
      `  ${table}: ${rows}${kept.has(table) ? " (kept: the backup has no such table)" : ""}\n`,
  );
  process.stdout.write(
    `Restored the backup of ${report.createdAt} (migration ${report.backupMigration}) into ` +
      `${describeDatabase(config)}, now at migration ${report.migration}, in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s. Rows per table, counted after loading:\n` +
      lines.join("") +
      `Stored objects written back, each checked against its size and SHA-256: ` +
      `${report.objects.count} (${report.objects.bytes} bytes)\n` +
      objectsNote(report.storage),
  );
}, usage);
