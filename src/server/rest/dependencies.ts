import type { Database } from "../db/database.ts";
import type { Logger } from "../log.ts";
import type { RestSettings } from "./rest-config.ts";
import type { SchemaCache } from "./schema-cache.ts";

/** What planning a select's embeddings needs of the handler's dependencies. */
export function embedding(deps: RestDependencies) {
  return { cache: deps.schema, aggregatesEnabled: deps.settings.current.aggregatesEnabled };
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
  /**
   * PostgREST's settings as they stand (rest-config.ts): db-tx-end, db-aggregates-enabled,
   * db-max-rows, from the environment and the authenticator role's `pgrst.*` settings.
   */
  settings: { readonly current: RestSettings };
}
