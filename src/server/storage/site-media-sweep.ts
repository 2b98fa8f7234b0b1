import type { Queryable } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import { objectKey, type StorageBackend } from "./backend.ts";
import { everyHour } from "../every-hour.ts";

/**
 * Removes the photos of site-media that no draft and no version names, older than
 * `private.retention.unnamed_photo_days` at `at`: their rows (internal.sweep_site_media, one
 * instance at a time), then their bytes. Answers how many; a failure is logged and tried again
 * at the next run, and bytes left behind by a failed removal are space, never a wrong answer.
 */
export async function sweepSiteMedia(
  db: Queryable,
  backend: StorageBackend,
  log: Logger,
  at = new Date(),
): Promise<number> {
  let removed: { name: string; version: string }[];
  try {
    removed = (
      await db.query<{ name: string; version: string }>(
        "select name, version from internal.sweep_site_media($1)",
        [at.toISOString()],
      )
    ).rows;
  } catch (error) {
    log.error("sweeping unnamed photos failed", { error: errorForLog(error) });
    return 0;
  }
  if (removed.length === 0) return 0;
  try {
    await backend.remove(removed.map((row) => objectKey("site-media", row.name, row.version)));
  } catch (error) {
    log.warn("stored bytes no row names were not removed", { error: errorForLog(error) });
  }
  log.info("removed photos no draft or version names", { removed: removed.length });
  return removed.length;
}

/** Sweeps a minute after start and every hour after; answers how to stop it. */
export function startSiteMediaSweep(
  db: Queryable,
  backend: StorageBackend,
  log: Logger,
): () => void {
  return everyHour(() => void sweepSiteMedia(db, backend, log), 60_000);
}
