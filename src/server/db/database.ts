export interface QueryResult<Row> {
  rows: Row[];
}

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs one or more statements without parameters (migrations, session settings). */
  exec(text: string): Promise<void>;
}

/** The one seam between the server and its PostgreSQL, embedded (PGlite) or a server (pg pool). */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
