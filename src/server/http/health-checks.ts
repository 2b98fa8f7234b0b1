import type { Context } from "hono";
import type { Database } from "../db/database.ts";

/** How long the database has to answer a readiness check. */
export const readinessTimeoutMs = 1000;

function answer(c: Context, text: string, status: 200 | 503): Response {
  // A cached answer would tell a load balancer about another moment.
  c.header("Cache-Control", "no-store");
  return c.text(`${text}\n`, status);
}

/** GET /livez: the process answers. The database is not asked: restarting would not mend it. */
export function livez() {
  return (c: Context) => answer(c, "live", 200);
}

/**
 * GET /readyz: the database answers `select 1` within a second, asked through the same queue
 * (embedded) or pool (PostgreSQL) as requests are, so a database too busy to serve them fails
 * it too; 503 otherwise, and a load balancer sends requests elsewhere. Checks that arrive while
 * one is waiting share its statement, so a stalled database does not gather a queue of them.
 */
export function readyz(db: Pick<Database, "query">, timeoutMs = readinessTimeoutMs) {
  let probe: Promise<boolean> | undefined;
  const ask = () =>
    (probe ??= db.query("select 1").then(
      () => {
        probe = undefined;
        return true;
      },
      () => {
        probe = undefined;
        return false;
      },
    ));
  return async (c: Context) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ready = await Promise.race([ask(), late]);
    clearTimeout(timer);
    return ready ? answer(c, "ready", 200) : answer(c, "not ready", 503);
  };
}
