import pg from "pg";
import type { Database, Queryable } from "./database.ts";

export interface PostgresOptions {
  connectionString: string;
  poolSize: number;
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(text, params) {
      const result = await target.query(text, params);
      return { rows: result.rows };
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
    connectionTimeoutMillis: 5000,
    application_name: "kalima",
  });
  // An idle client that loses its connection must not take the process down; the pool replaces it.
  pool.on("error", () => {});
  const probe = await pool.connect();
  probe.release();

  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work(wrap(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
