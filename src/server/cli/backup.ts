// npm run backup -- --output FILE: one consistent backup of everything the site keeps, while it
// serves (docs/decisions/0029, docs/backups.md). On PostgreSQL (DATABASE_URL) it reads the
// database in one repeatable-read transaction; on the embedded database it asks the running
// server, the one owner of its files, on the admin listener whose address the server wrote into
// DATA_DIR, or opens the files itself when no server runs.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { link, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { loadConfig, type Config } from "../config.ts";
import { backupAddress } from "../backup/backup-address.ts";
import { checkBackup } from "../backup/backup-file.ts";
import { dumpDatabase, objectsNote, type StoredObjects } from "../backup/dump.ts";
import { connectForCopy } from "../backup/postgres-copy.ts";
import { openPGlite } from "../db/pglite.ts";
import { loadJwtSecret, makeApiKey } from "../keys.ts";
import { openStorageBackend } from "../storage/open-backend.ts";
import { runCommand, UsageError } from "./command.ts";
import { describeDatabase } from "./database-name.ts";
import { errorMessage } from "../../shared/error-message.ts";

const usage = `Usage: npm run backup -- --output FILE

Writes a backup of the configured database (DATABASE_URL, else the embedded database in
DATA_DIR) to FILE, which must not exist. The file holds the site's secrets: password hashes,
two-factor secrets and sessions. It is written readable by its owner only: keep it so.`;

function readOutput(): string {
  let values;
  try {
    ({ values } = parseArgs({ options: { output: { type: "string" } } }));
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
  if (!values.output) throw new UsageError("--output FILE is required");
  return path.resolve(values.output);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Gives the checked file its name: a link, unlike a rename, fails rather than replace a file
 * made meanwhile. A file system without links (FAT) gets a rename.
 */
async function nameBackup(partial: string, output: string): Promise<void> {
  try {
    await link(partial, output);
    await rm(partial, { force: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "EEXIST") throw new Error(`${output} was made during the backup: name a new file`);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") {
      throw new Error(`Cannot name the backup ${output}: ${errorMessage(error)}`);
    }
    await rename(partial, output);
  }
}

type Writer = (data: string | Uint8Array) => Promise<void>;

async function fromPostgres(
  databaseUrl: string,
  write: Writer,
  objects: StoredObjects,
): Promise<void> {
  const connection = await connectForCopy(databaseUrl);
  try {
    await connection.exec("begin isolation level repeatable read, read only");
    await dumpDatabase(connection, write, "postgresql", objects);
    await connection.exec("commit");
  } finally {
    await connection.close();
  }
}

async function fromEmbedded(config: Config, write: Writer, objects: StoredObjects): Promise<void> {
  const address = await backupAddress(config.dataDir);
  const answer = address
    ? await fetch(address, {
        headers: {
          authorization: `Bearer ${await makeApiKey(await loadJwtSecret(config), "service_role")}`,
        },
      }).catch((error: unknown) => {
        // The address of a server that has stopped without removing it.
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (code === "ECONNREFUSED") return undefined;
        throw error;
      })
    : undefined;
  if (!answer) {
    // No server on DATA_DIR: the files are ours, if no other process holds them.
    const db = await openPGlite(path.join(config.dataDir, "pglite"));
    try {
      await dumpDatabase(db, write, "embedded", objects);
    } finally {
      await db.close();
    }
    return;
  }
  if (!answer.ok || !answer.body) {
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    throw new Error(
      `The server at ${address} refused the backup (${answer.status}): ${body.message ?? ""}`,
    );
  }
  // Written as the bytes came: a chunk may end inside a letter's UTF-8 bytes.
  for await (const chunk of Readable.fromWeb(answer.body as never))
    await write(chunk as Uint8Array);
}

await runCommand(async () => {
  const output = readOutput();
  const config = loadConfig();
  const started = performance.now();
  if (await exists(output)) throw new Error(`${output} exists: name a new file`);
  const partial = `${output}.partial`;
  // Left by a backup that was interrupted: it holds secrets, and nothing will finish it.
  await rm(partial, { force: true });
  // wx: never over an existing file; 0600: the file holds secrets.
  const file = createWriteStream(partial, { flags: "wx", mode: 0o600 });
  await once(file, "open").catch((error: unknown) => {
    throw new Error(`Cannot write ${partial}: ${errorMessage(error)}`);
  });
  const write: Writer = async (data) => {
    if (!file.write(data)) await once(file, "drain");
  };
  const objects = { config: config.storage, backend: openStorageBackend(config.storage) };
  try {
    await (config.databaseUrl
      ? fromPostgres(config.databaseUrl, write, objects)
      : fromEmbedded(config, write, objects));
    file.end();
    await once(file, "finish");
    const backup = await checkBackup(partial);
    await nameBackup(partial, output);
    const rows = backup.tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = backup.objects.reduce((sum, found) => sum + found.size, 0);
    process.stdout.write(
      `Backed up ${describeDatabase(config)} (migration ${backup.about.migration}): ` +
        `${backup.tables.length} tables, ${rows} rows, ${backup.objects.length} stored objects ` +
        `(${bytes} bytes), in ${((performance.now() - started) / 1000).toFixed(1)} s, to ${output}\n` +
        objectsNote(backup.about.storage),
    );
  } catch (error) {
    file.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await objects.backend.close();
  }
}, usage);
