import { authError } from "./errors.ts";

// GoTrue's limiter: a token bucket per client address, refilled at the configured rate, holding
// at most 30 requests. Buckets live in this process: several instances each count their own,
// as several GoTrue instances do.
const burst = 30;
const sweepAbove = 10_000;

interface Bucket {
  tokens: number;
  updated: number;
}

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

  /** Throws 429 when the client at `clientIp` has used up `requests` per `windowSeconds`. */
  enforce(name: string, clientIp: string, requests: number, windowSeconds: number): void {
    if (this.enabled && !this.take(`${name}:${clientIp}`, requests / windowSeconds)) {
      throw authError.rateLimited();
    }
  }
}
