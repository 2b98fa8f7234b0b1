import { isIP } from "node:net";
import type { Queryable } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import { authError } from "./errors.ts";

// GoTrue's limiter: a token bucket per client address, refilled at the configured rate, holding
// at most 30 requests.
const burst = 30;
const sweepAbove = 10_000;

interface Bucket {
  tokens: number;
  updated: number;
}

/** An address's groups of 16 bits, in full: `2001:db8::1` gives 2001, db8, 0, 0, 0, 0, 0, 1. */
function hextets(address: string): string[] {
  // An embedded IPv4 address (`64:ff9b::192.0.2.1`) fills the last two groups.
  const groups = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => (group.includes(".") ? ["", ""] : [group]));
  const [head = "", tail] = address.split("::");
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const gap = Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0");
  return [...left, ...(tail === undefined ? [] : gap), ...right].map((group) =>
    group === "" ? group : Number.parseInt(group, 16).toString(16),
  );
}

/**
 * Whom a bucket belongs to: an IPv4 address, or an IPv6 client's /64. One subscriber usually
 * holds a whole /64, so counting single IPv6 addresses would give it 2^64 buckets. IPv4-mapped
 * addresses (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) count as IPv4.
 */
export function rateLimitSubject(clientIp: string): string {
  const address = clientIp.split("%")[0] ?? clientIp;
  if (isIP(address) !== 6) return clientIp;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address);
  if (mapped?.[1]) return mapped[1];
  return `${hextets(address.toLowerCase()).slice(0, 4).join(":")}::/64`;
}

/**
 * A token bucket per key kept in this process, with no database write: the REST budget's, where
 * N instances allow N times the budget.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly enabled: boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Takes one request from `key`'s bucket; false when it is empty. */
  take(key: string, perSecond: number): boolean {
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: burst, updated: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updated) / 1000) * perSecond);
    bucket.updated = now;
    if (this.buckets.size > sweepAbove) this.sweep(now, perSecond);
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets buckets that have refilled completely: they hold nothing worth keeping. */
  private sweep(now: number, perSecond: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updated) / 1000) * perSecond >= burst) {
        this.buckets.delete(key);
      }
    }
  }
}

/**
 * Auth's limits, counted in the database (private.take_auth_request), so instances sharing it
 * share each client's buckets. One statement per check; when the database cannot answer, the
 * request fails as it would a moment later on its own queries, and no guess goes uncounted.
 */
export class AuthRateLimiter {
  constructor(
    private readonly db: Queryable,
    readonly enabled: boolean,
  ) {}

  /**
   * Throws 429 when the client at `clientIp` (its /64 for IPv6) has used up `requests` per
   * `windowSeconds`.
   */
  async enforce(
    name: string,
    clientIp: string,
    requests: number,
    windowSeconds: number,
  ): Promise<void> {
    if (!this.enabled) return;
    const { rows } = await this.db.query<{ taken: boolean | null }>(
      "select private.take_auth_request($1, $2, $3::float8, $4::int) as taken",
      [name, rateLimitSubject(clientIp), requests / windowSeconds, burst],
    );
    if (rows[0]?.taken !== true) throw authError.rateLimited();
  }
}

const sweepBatch = 5000;
const sweepBatchesARun = 100;
const sweepEveryMs = 60_000;

/**
 * Deletes the buckets that have refilled completely, a batch at a time (each its own statement,
 * so requests take turns between them) until none is left or a run's share is done; answers how
 * many. A failure is logged and tried again at the next run.
 */
export async function sweepAuthBuckets(db: Queryable, log: Logger): Promise<number> {
  let removed = 0;
  try {
    for (let batch = 0; batch < sweepBatchesARun; batch += 1) {
      const { rows } = await db.query<{ swept: number }>(
        "select private.sweep_auth_request_buckets($1) as swept",
        [sweepBatch],
      );
      const swept = rows[0]?.swept ?? 0;
      removed += swept;
      if (swept < sweepBatch) break;
    }
  } catch (error) {
    log.error("sweeping auth rate-limit buckets failed", { error: errorForLog(error) });
  }
  return removed;
}

/** Sweeps full buckets every minute; answers how to stop it. */
export function startAuthBucketSweep(db: Queryable, log: Logger): () => void {
  const every = setInterval(() => void sweepAuthBuckets(db, log), sweepEveryMs);
  every.unref();
  return () => clearInterval(every);
}
