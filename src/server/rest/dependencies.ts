import type { TxEnd } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Logger } from "../log.ts";
import type { SchemaCache } from "./schema-cache.ts";

/** What planning a select's embeddings needs of the handler's dependencies. */
export function embedding(deps: RestDependencies) {
  return { cache: deps.schema, aggregatesEnabled: deps.aggregatesEnabled ?? false };
}

/** What every /rest/v1 handler is built with. */
export interface RestDependencies {
  db: Database;
  schema: SchemaCache;
  secret: Uint8Array;
  /** SUBMISSION_LIMITS: false asks the database to skip its limits on visitors' submissions. */
  submissionLimits: boolean;
  log: Logger;
  /** API_RATE_LIMIT: each client's REST requests a minute, unless on the team; 0 or unset, none. */
  requestsPerMinute?: number;
  /** PGRST_DB_TX_END: commit (the default) or roll back, and whether Prefer: tx may override. */
  txEnd?: TxEnd;
  /** PGRST_DB_AGGREGATES_ENABLED: whether `select` may use count(), sum() and the others. */
  aggregatesEnabled?: boolean;
}
