import { processJwtSecret } from "./api.ts";
import { createDatabase, onPostgres } from "./postgres-databases.ts";
import { makeDataDir, makeMigratedDataDir, removeDataDir } from "./spawn-server.ts";

export interface ProcessEnvironment {
  dataDir: string;
  /** What a spawned server and its commands run with. */
  env: Record<string, string>;
  /** Drops the database (on PostgreSQL) and removes the data directory. */
  remove(): Promise<void>;
}

/**
 * A data directory, and on the PostgreSQL projects a database named after `name`, with the
 * environment a spawned server and its commands need; `extra` adds settings. Its embedded
 * database is already migrated, unless `empty` asks for a new one (a restore's target, a start on
 * an older schema).
 */
export async function processEnvironment(
  name: string,
  extra: Record<string, string> = {},
  { empty = false }: { empty?: boolean } = {},
): Promise<ProcessEnvironment> {
  const dataDir = empty ? await makeDataDir() : await makeMigratedDataDir();
  const database = onPostgres() ? await createDatabase(name) : undefined;
  return {
    dataDir,
    env: {
      JWT_SECRET: processJwtSecret,
      LOG_REQUESTS: "false",
      ...extra,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    async remove() {
      await database?.drop();
      await removeDataDir(dataDir);
    },
  };
}
