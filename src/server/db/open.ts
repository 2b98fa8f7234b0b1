import path from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "./database.ts";
import { openPGlite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

export function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({
      connectionString: config.databaseUrl,
      poolSize: config.databasePoolSize,
    });
  }
  return openPGlite(path.join(config.dataDir, "pglite"));
}
