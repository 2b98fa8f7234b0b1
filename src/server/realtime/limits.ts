/**
 * Realtime's limits, named and defaulted as Supabase Realtime's tenant limits where it has one,
 * per client address here (an IPv4 address, or an IPv6 client's /64), with instance-wide bounds
 * beside them so that many addresses together cannot hold more than the process can.
 */
export interface RealtimeLimits {
  /** Sockets open at once from one client address (hosted: max_concurrent_users, 200). */
  connectionsPerAddress: number;
  /** Channels one socket may join (hosted: max_channels_per_client, 100). */
  channelsPerConnection: number;
  /** Channels all the sockets of one client address may hold together. */
  channelsPerAddress: number;
  /** Joins a second from one client address (hosted: max_joins_per_second, 100). */
  joinsPerSecond: number;
  /** Frames a second from one client address, heartbeats included (hosted: max_events_per_second). */
  eventsPerSecond: number;
  /** Bytes a second one client address's sockets may send, every frame counted. */
  bytesPerSecond: number;
  /** Largest message, in bytes (hosted: max_payload_size_in_kb, 3000 KB on paid plans). */
  payloadBytes: number;
  /** Presence calls one channel may make in `presenceWindowMs` (hosted: 5 in 30 s). */
  presenceCallsPerWindow: number;
  presenceWindowMs: number;
  /** postgres_changes subscriptions one client address may hold. */
  subscriptionsPerAddress: number;
  /** postgres_changes subscriptions the whole instance may hold. */
  subscriptionsTotal: number;
  /** Bytes of presence (tracked payloads, as JSON) one client address may hold. */
  presenceBytesPerAddress: number;
  /** Bytes of presence the whole instance may hold for its own sockets. */
  presenceBytesTotal: number;
  /** How often private channels' policies are read again, so a revoked member stops hearing. */
  authorizationCheckMs: number;
}

export const defaultRealtimeLimits: RealtimeLimits = {
  connectionsPerAddress: 200,
  channelsPerConnection: 100,
  channelsPerAddress: 1000,
  joinsPerSecond: 100,
  eventsPerSecond: 100,
  bytesPerSecond: 1_000_000,
  payloadBytes: 256 * 1000,
  presenceCallsPerWindow: 10,
  presenceWindowMs: 30_000,
  subscriptionsPerAddress: 10_000,
  subscriptionsTotal: 200_000,
  presenceBytesPerAddress: 2_000_000,
  presenceBytesTotal: 64_000_000,
  authorizationCheckMs: 3000,
};

/** Counts calls in a sliding window: a burst across a second's boundary is still one burst. */
export class PerWindow {
  private readonly calls: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(): boolean {
    const now = Date.now();
    while (this.calls.length > 0 && now - this.calls[0]! >= this.windowMs) this.calls.shift();
    if (this.calls.length >= this.limit) return false;
    this.calls.push(now);
    return true;
  }
}

/** A token bucket of bytes, full at `capacity` and filled at `perSecond`. */
export class ByteBudget {
  private tokens: number;
  private updated = Date.now();

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
  ) {
    this.tokens = capacity;
  }

  take(bytes: number): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + ((now - this.updated) * this.perSecond) / 1000,
    );
    this.updated = now;
    if (bytes > this.tokens) return false;
    this.tokens -= bytes;
    return true;
  }
}
