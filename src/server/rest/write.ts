import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError } from "./errors.ts";
import { rollsBack, type Preferences } from "./prefer.ts";
import { noRows, type Rows } from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import { inTransaction } from "./transaction.ts";
import { render, type Sql } from "./sql/sql.ts";

/**
 * A write's statement in a transaction of its own under the request's role, answering its one
 * row of Rows. `check` sees that row before the transaction ends, so what it throws undoes the
 * write, as PostgREST's checks after a write do (one object asked for, max-affected, PUT's key).
 */
export async function writeRows(
  c: Context<AppEnv>,
  deps: RestDependencies,
  preferences: Preferences,
  statement: Sql,
  check: (written: Rows) => void,
): Promise<Rows> {
  try {
    return await inTransaction(
      deps.db,
      requestRole(c, deps),
      { rollback: rollsBack(deps.txEnd, preferences) },
      async (tx) => {
        const { text, values } = render(statement);
        const { rows } = await tx.query<Rows>(text, values);
        const written = rows[0] ?? noRows;
        check(written);
        return written;
      },
    );
  } catch (error) {
    throw fromDatabaseError(error, c.get("claims").role !== "anon");
  }
}
