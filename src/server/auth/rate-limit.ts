import { isIP } from "node:net";
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

  /**
   * Throws 429 when the client at `clientIp` (its /64 for IPv6) has used up `requests` per
   * `windowSeconds`.
   */
  enforce(name: string, clientIp: string, requests: number, windowSeconds: number): void {
    const key = `${name}:${rateLimitSubject(clientIp)}`;
    if (this.enabled && !this.take(key, requests / windowSeconds)) {
      throw authError.rateLimited();
    }
  }
}
