// Where npm run backup finds the running server's backups: the embedded server writes the URL
// of its admin listener's GET /backup/v1 into DATA_DIR when it listens, and removes it when it
// stops. The folder is the server's user's alone (0700), as is the service_role key it needs.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

const fileName = "admin-listener.json";
const record = z.object({ backups: z.url(), pid: z.number().int() });

export async function recordBackupAddress(dataDir: string, url: string): Promise<void> {
  const text = JSON.stringify({ backups: `${url}/backup/v1`, pid: process.pid });
  await writeFile(path.join(dataDir, fileName), `${text}\n`, { mode: 0o600 });
}

/** Removes the record, if it is this process's: a server started since keeps its own. */
export async function forgetBackupAddress(dataDir: string): Promise<void> {
  const found = await readRecord(dataDir);
  if (found?.pid === process.pid) await rm(path.join(dataDir, fileName), { force: true });
}

/** The URL of GET /backup/v1 a server on `dataDir` recorded, or undefined when none did. */
export async function backupAddress(dataDir: string): Promise<string | undefined> {
  return (await readRecord(dataDir))?.backups;
}

async function readRecord(dataDir: string): Promise<z.infer<typeof record> | undefined> {
  const text = await readFile(path.join(dataDir, fileName), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = record.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
