import { errorForLog, type Logger } from "../log.ts";
import type { Database } from "./database.ts";
import { everyHour } from "../every-hour.ts";

/**
 * What PostgreSQL's autovacuum does for a server, done for the embedded database, which has
 * none: ANALYZE, so the planner knows how big the tables have grown and picks their indexes, and
 * VACUUM, so index-only scans (the inbox's counts) need not visit the table. Each is logged with
 * how long it held the database.
 */
export async function upkeepEmbedded(
  db: Pick<Database, "exec">,
  log: Logger,
  work: "analyze" | "vacuum analyze",
): Promise<void> {
  const started = performance.now();
  try {
    await db.exec(work);
    log.info("embedded database upkeep", { work, ms: Math.round(performance.now() - started) });
  } catch (error) {
    log.error("embedded database upkeep failed", { work, error: errorForLog(error) });
  }
}

/**
 * On the embedded database: ANALYZE five minutes after start and every hour, VACUUM ANALYZE
 * once a day. Nothing on PostgreSQL, where autovacuum does it. Answers how to stop it.
 */
export function startUpkeep(db: Database, log: Logger): () => void {
  if (db.kind !== "pglite") return () => {};
  let runs = 0;
  const run = () => {
    const work = runs % 24 === 0 ? "vacuum analyze" : "analyze";
    runs += 1;
    void upkeepEmbedded(db, log, work);
  };
  return everyHour(run, 5 * 60_000);
}
