import type { Queryable } from "./db/database.ts";
import { errorForLog, type Logger } from "./log.ts";
import { everyHour } from "./every-hour.ts";

/**
 * Deletes what private.retention says has been kept long enough (public.apply_retention), and
 * says how many in the log; a failure is logged and tried again at the next run.
 */
export async function applyRetention(db: Queryable, log: Logger): Promise<number> {
  try {
    const { rows } = await db.query<{ removed: number | string }>(
      "select public.apply_retention() as removed",
    );
    const removed = Number(rows[0]?.removed ?? 0);
    if (removed > 0) log.info("retention deleted submissions", { removed });
    return removed;
  } catch (error) {
    log.error("retention failed", { error: errorForLog(error) });
    return 0;
  }
}

/** Applies the retention a minute after start and every hour after; answers how to stop it. */
export function startRetention(db: Queryable, log: Logger): () => void {
  return everyHour(() => void applyRetention(db, log), 60_000);
}
