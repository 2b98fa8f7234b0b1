import path from "node:path";
import type { Config } from "../config.ts";
import { redactedUrl } from "../db/postgres.ts";

/** Which database a command works on, as a person would want to read it. */
export function describeDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): string {
  return config.databaseUrl
    ? `the PostgreSQL database ${redactedUrl(config.databaseUrl)}`
    : `the embedded database in ${path.join(config.dataDir, "pglite")}`;
}
