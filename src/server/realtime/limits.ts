/** Realtime's limits, named and defaulted as Supabase Realtime's tenant limits, per client here. */
export interface RealtimeLimits {
  /** Sockets open at once from one client address (hosted: max_concurrent_users, 200). */
  connectionsPerAddress: number;
  /** Channels one socket may join (hosted: max_channels_per_client, 100). */
  channelsPerConnection: number;
  /** Joins a second from one client address (hosted: max_joins_per_second, 100). */
  joinsPerSecond: number;
  /** Messages a second from one client address, heartbeats aside (hosted: max_events_per_second). */
  eventsPerSecond: number;
  /** Largest message, in bytes (hosted: max_payload_size_in_kb, 3000 KB on paid plans). */
  payloadBytes: number;
  /** Presence calls one channel may make in `presenceWindowMs` (hosted: 5 in 30 s). */
  presenceCallsPerWindow: number;
  presenceWindowMs: number;
}

export const defaultRealtimeLimits: RealtimeLimits = {
  connectionsPerAddress: 200,
  channelsPerConnection: 100,
  joinsPerSecond: 100,
  eventsPerSecond: 100,
  payloadBytes: 256 * 1000,
  presenceCallsPerWindow: 10,
  presenceWindowMs: 30_000,
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
