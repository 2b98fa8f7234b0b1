import type { Database } from "../db/database.ts";
import type { Logger } from "../log.ts";
import type { SchemaCache } from "../rest/schema-cache.ts";
import type { StorageBackend } from "./backend.ts";

export interface StorageDependencies {
  db: Database;
  /** Where objects' bytes live. */
  backend: StorageBackend;
  /** The JWT secret: verifies bearer tokens and signs the URLs this API hands out. */
  secret: Uint8Array;
  /** FILE_SIZE_LIMIT: no upload is larger, whatever its bucket allows. */
  fileSizeLimit: number;
  /** Each role's statement_timeout, as REST reads it. */
  schema: Pick<SchemaCache, "statementTimeout">;
  log: Logger;
  /** API_RATE_LIMIT: each client's requests a minute (0 for none), as on /rest/v1. */
  requestsPerMinute: number;
}
