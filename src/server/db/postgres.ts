import pg from "pg";
import {
  DatabaseUnavailableError,
  isPostgresError,
  type Database,
  type Keeping,
  type Queryable,
  type QueryResult,
  type RoleSettings,
} from "./database.ts";
import { queryUnderRole } from "./one-round-trip.ts";
import { errorMessage } from "../../shared/error-message.ts";

export interface PostgresOptions {
  connectionString: string;
  poolSize: number;
}

// Admin shutdown, crash shutdown, cannot connect now (57P01-3), too many connections (53300)
// and the connection exception class (08): the server is away, not the statement wrong.
const unavailableStates = /^(08|57P0[1-3]|53300)/u;

const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// What pg says when a connection breaks or cannot be had in time.
const connectionMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect/u;

function isConnectionFailure(error: unknown): boolean {
  if (isPostgresError(error)) return unavailableStates.test(error.code);
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && networkCodes.has(code)) return true;
  return error instanceof Error && connectionMessages.test(error.message);
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describe).join("; ");
  }
  const message = errorMessage(error);
  const code = (error as { code?: unknown } | null)?.code;
  return message || (typeof code === "string" ? code : "unknown error");
}

function unavailable(error: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(`The database is unavailable: ${describe(error)}`, {
    cause: error,
  });
}

/** The URL as it may be shown in a log: without its password. */
export function redactedUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(DATABASE_URL)";
  }
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? undefined };
    },
    async exec(text) {
      await target.query(text);
    },
  };
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    // How long to wait for a connection, new or from a busy pool, before answering 503.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: "kalima",
  });
  // A connection that breaks must not take the process down: idle ones are dropped by the pool,
  // and a checked-out one fails its next query, which answers 503 and releases it for good.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(
      `Cannot connect to the PostgreSQL server at ${redactedUrl(options.connectionString)}: ${describe(error)}. ` +
        "Check DATABASE_URL and that the server is running and reachable.",
      { cause: error },
    );
  }

  async function checkout(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      // Whatever stops us getting a connection (refused, timed out, rejected) is an outage.
      throw unavailable(error);
    }
  }

  /** Runs `work` on one client and gives the client back, or drops it if its connection broke. */
  async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await checkout();
    try {
      const result = await work(client);
      client.release();
      return result;
    } catch (error) {
      if (isConnectionFailure(error)) {
        client.release(error instanceof Error ? error : true);
        throw unavailable(error);
      }
      client.release();
      throw error;
    }
  }

  const database: Database = {
    kind: "postgres",
    query: (text, params) => withClient((client) => wrap(client).query(text, params)),
    exec: (text) => withClient((client) => wrap(client).exec(text)),
    transaction: (work) =>
      withClient(async (client) => {
        await client.query("begin");
        try {
          const result = await work(wrap(client));
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        }
      }),
    queryAs: <Row>(settings: RoleSettings, text: string, params: unknown[], keep?: Keeping) =>
      queryUnderRole<Row>(
        database,
        (statements) =>
          withClient(async (client) => {
            const results = (await client.query(statements)) as unknown as pg.QueryResult[];
            const last = results.at(-1);
            return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? undefined };
          }),
        settings,
        text,
        params,
        keep,
      ),
    listen: (channel, onNotify) => listenOn(options.connectionString, channel, onNotify),
    close: () => pool.end(),
  };
  return database;
}

const relistenDelayMs = 1000;

/**
 * LISTEN on a connection of its own, outside the pool. When it breaks, it reconnects and reports
 * an empty payload, as a notification may have been missed meanwhile.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: "kalima-listen" });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", () => {
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void reconnect(), relistenDelayMs);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async () => {
    try {
      await connect();
      onNotify("");
    } catch {
      if (!stopped) retry = setTimeout(() => void reconnect(), relistenDelayMs);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
