import type { Logger } from "../log.ts";

/** How often one kind of refusal is logged for one address; the rest are counted. */
const everyMs = 60_000;
/** Addresses remembered at once: past it, all are forgotten and start again. */
const maxRemembered = 10_000;

/**
 * Logs a refusal at most once a minute for each kind and address, with how many were not logged
 * since: a client that is refused thousands of times a minute must not fill the log with them.
 */
export class RefusalLog {
  private readonly seen = new Map<string, { at: number; unlogged: number }>();

  constructor(private readonly log: Logger) {}

  warn(message: string, address: string, fields: Record<string, unknown> = {}): void {
    const key = `${message}\u0000${address}`;
    const now = Date.now();
    const entry = this.seen.get(key);
    if (entry && now - entry.at < everyMs) {
      entry.unlogged += 1;
      return;
    }
    if (this.seen.size >= maxRemembered) this.seen.clear();
    this.seen.set(key, { at: now, unlogged: 0 });
    this.log.warn(message, { address, ...fields, refused_before_unlogged: entry?.unlogged ?? 0 });
  }
}
