import path from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import type { Database } from "./database.ts";
import { openPGlite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

export function openDatabase(config: Config, log?: Logger): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      connectionString: config.databaseUrl,
      poolSize: config.databasePoolSize,
    });
  }
  // A statement past its role's bound cannot be cancelled inside PGlite: its thread is replaced,
  // and the log says so, or why it could not be.
  return openPGlite(path.join(config.dataDir, "pglite"), log);
}
