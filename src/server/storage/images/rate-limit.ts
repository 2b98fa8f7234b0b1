import { rateLimitSubject } from "../../auth/rate-limit.ts";
import { imageError } from "./errors.ts";

const windowMs = 4000;
const sweepAbove = 10_000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The render routes' own limit, as Supabase Storage's (src/http/routes/render/rate-limiter.ts):
 * `perSecond` × 4 requests in a window of 4 seconds per client address (an IPv6 client's /64)
 * and path, the query left out, so a page's many photos each have their own while one photo
 * asked in a thousand sizes does not. A request over the limit starts the window again, so a
 * client that keeps asking stays refused. Counted in this process: what it protects is this
 * instance's cores.
 */
export class RenderRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly perSecond: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request; throws Supabase's 429 SlowDown when the client is over its limit. */
  take(clientIp: string, pathname: string): void {
    const now = this.clock();
    if (this.windows.size > sweepAbove) this.sweep(now);
    const key = `${rateLimitSubject(clientIp)} ${pathname}`;
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      return;
    }
    window.count += 1;
    if (window.count <= this.perSecond * (windowMs / 1000)) return;
    window.endsAt = now + windowMs;
    throw imageError.rateLimited(windowMs / 1000);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}

/**
 * First renders (cache misses) queued or running per client address (an IPv6 client's /64): at
 * most `perClient`, past which 429 SlowDown, as the render routes' own limit answers. A visitor
 * asking for many new sizes at once would otherwise hold the render queue, and every other
 * visitor's new photo and every member's upload would wait or be refused behind it. Joining a
 * render already under way, or reading the cache, is not counted.
 */
export class FirstRenderLimit {
  private readonly counts = new Map<string, number>();

  constructor(readonly perClient: number) {}

  /** Counts one first render for the client; answers how to end it, once. */
  take(clientIp: string): () => void {
    const subject = rateLimitSubject(clientIp);
    const count = this.counts.get(subject) ?? 0;
    if (count >= this.perClient) throw imageError.rateLimited(1);
    this.counts.set(subject, count + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.counts.get(subject) ?? 1) - 1;
      if (left > 0) this.counts.set(subject, left);
      else this.counts.delete(subject);
    };
  }

  /** First renders this client has queued or running. */
  countOf(clientIp: string): number {
    return this.counts.get(rateLimitSubject(clientIp)) ?? 0;
  }
}
