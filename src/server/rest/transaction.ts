import { asRole, type RequestRole } from "../db/as-role.ts";
import type { Database, Queryable } from "../db/database.ts";

/** How a request's transaction runs: read-only (a GET, a stable function) and how it ends. */
export interface TransactionMode {
  readOnly?: boolean;
  rollback?: boolean;
}

class Rollback<T> {
  constructor(readonly value: T) {}
}

/**
 * `work` in one transaction under the request's role. Under `rollback` the transaction is undone
 * once the work is done, as PostgREST's tx=rollback: deferred constraints are checked first, so
 * the answer is the one a commit would have given.
 */
export async function inTransaction<T>(
  db: Database,
  role: RequestRole,
  mode: TransactionMode,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await asRole(db, role, async (tx) => {
      if (mode.readOnly) await tx.query("select set_config('transaction_read_only', 'on', true)");
      const value = await work(tx);
      if (!mode.rollback) return value;
      await tx.query("set constraints all immediate");
      throw new Rollback(value);
    });
  } catch (thrown) {
    if (thrown instanceof Rollback) return thrown.value as T;
    throw thrown;
  }
}
