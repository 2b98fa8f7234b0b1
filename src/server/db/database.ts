export interface QueryResult<Row> {
  rows: Row[];
  /** How many rows the statement wrote (its command tag's count), when the driver says. */
  rowCount?: number | undefined;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs one or more statements without parameters (migrations, session settings). */
  exec(text: string): Promise<void>;
}

/** What a request runs as: PostgREST's `role`, `request.jwt.claims` and `request.headers`. */
export interface RoleSettings {
  role: string;
  claims: string;
  /** A JSON object, as PostgREST sets it; we send only the headers the database reads. */
  headers?: string;
  /** Set by a server started with SUBMISSION_LIMITS=false, for load tests. */
  submissionLimits?: "off";
  /** statement_timeout for the transaction, as PostgreSQL reads it ("3s", "8000"). */
  statementTimeout?: string;
  /** A client's Prefer: timezone=…, a name from pg_timezone_names, for the transaction. */
  timezone?: string;
  /** The statement may not write: a GET's function call, as PostgREST runs it. */
  readOnly?: true;
}

/**
 * What a statement's own transaction keeps (`Database.queryAs`): it is undone when its first
 * row's `rows` is outside `rows`, and under `undo` whatever it answers, once its deferred
 * constraints are checked (PostgREST's tx=rollback). Either way its answer is returned.
 */
export interface Keeping {
  rows?: { min?: number; max?: number };
  undo?: boolean;
}

/** Whether a statement's answer is within what `keep` keeps. */
export function withinRows(rows: readonly unknown[], keep: Keeping): boolean {
  const count = Number((rows[0] as { rows?: unknown } | undefined)?.rows ?? 0);
  const { min, max } = keep.rows ?? {};
  return (min === undefined || count >= min) && (max === undefined || count <= max);
}

export interface TransactionOptions {
  /**
   * The bound on each statement, as `RoleSettings.statementTimeout`: PostgreSQL enforces the
   * setting itself; the embedded database, which cannot, cancels a statement that passes it.
   */
  statementTimeout?: string | undefined;
}

/** The one seam between the server and its PostgreSQL, embedded (PGlite) or a server (pg pool). */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs one statement in its own transaction under `settings`, in as few round trips as the
   * driver allows; the same as a transaction that sets both with set_config and then runs it.
   * With `keep`, the transaction is undone as it says; on the embedded database that is still
   * one message to its thread.
   */
  queryAs<Row = Record<string, unknown>>(
    settings: RoleSettings,
    text: string,
    params: unknown[],
    keep?: Keeping,
  ): Promise<QueryResult<Row>>;
  /**
   * Calls `onNotify` with each payload sent by NOTIFY on `channel` (LISTEN); resolves to a
   * function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** COPY in PostgreSQL's text format (one line a row), for backups and restores. */
export interface Copying {
  /** The rows `select` returns, in COPY's text format. */
  copyOut(select: string): Promise<string>;
  /** Loads rows in COPY's text format into `target`, written `schema.table (column, ...)`. */
  copyIn(target: string, data: string): Promise<void>;
}

/** The embedded database also copies its files while it serves, for a backup. */
export interface EmbeddedDatabase extends Database, Copying {
  /**
   * Writes a consistent copy of the database's files beside them and answers where: a database
   * of its own, which the caller opens, reads and removes.
   */
  snapshot(): Promise<string>;
  transaction<T>(
    work: (tx: Queryable & Copying) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T>;
}

export function isEmbeddedDatabase(database: Database): database is EmbeddedDatabase {
  return "snapshot" in database;
}

/** The fields both drivers put on an error that PostgreSQL reported. */
export interface PostgresError extends Error {
  code: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPostgresError(error: unknown): error is PostgresError {
  const code: unknown = error instanceof Error ? Reflect.get(error, "code") : undefined;
  return typeof code === "string" && /^[0-9A-Z]{5}$/u.test(code);
}

/** The database could not be reached, or the connection broke: the request may be retried. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

const timeoutUnits: Record<string, number> = {
  us: 0.001,
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A statement_timeout in milliseconds, as PostgreSQL reads one (no unit: milliseconds); 0 is none. */
export function statementTimeoutMs(value: string | undefined): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/u.exec(value ?? "");
  if (!match) return 0;
  return Math.round(Number(match[1]) * (timeoutUnits[match[2] ?? "ms"] ?? 1));
}

/** PostgreSQL's error for a statement cancelled by its statement_timeout. */
export function statementTimeoutError(): PostgresError {
  return Object.assign(new Error("canceling statement due to statement timeout"), {
    code: "57014",
  });
}
