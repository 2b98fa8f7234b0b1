// What this instance's realtime clients hold, per client address and in all: sockets, channels,
// postgres_changes subscriptions and presence bytes, with the budgets each address draws its
// frames from. The registry (hub.ts) is its only writer: it takes a share when it attaches a
// channel or a presence, and gives back exactly that share when it detaches them, so that with no
// socket left every count is zero.
import { rateLimitSubject } from "../auth/rate-limit.ts";
import { ByteBudget, PerWindow, type RealtimeLimits } from "./limits.ts";

export interface AddressShare {
  readonly key: string;
  sockets: number;
  channels: number;
  subscriptions: number;
  presenceBytes: number;
  readonly joins: PerWindow;
  readonly events: PerWindow;
  readonly bytes: ByteBudget;
}

export interface LedgerTotals {
  sockets: number;
  channels: number;
  subscriptions: number;
  presenceBytes: number;
  addresses: number;
}

export type Refusal = "channels" | "subscriptions" | "presence";

export class RealtimeLedger {
  private readonly addresses = new Map<string, AddressShare>();
  private readonly totals = { sockets: 0, channels: 0, subscriptions: 0, presenceBytes: 0 };

  constructor(private readonly limits: RealtimeLimits) {}

  /** Whom an address counts as: IPv6 clients by their /64, as the other services count them. */
  static keyOf(address: string): string {
    return rateLimitSubject(address);
  }

  /** The share of `address`, made (empty) when it has none. */
  shareOf(address: string): AddressShare {
    const key = RealtimeLedger.keyOf(address);
    let share = this.addresses.get(key);
    if (!share) {
      share = {
        key,
        sockets: 0,
        channels: 0,
        subscriptions: 0,
        presenceBytes: 0,
        joins: new PerWindow(this.limits.joinsPerSecond, 1000),
        events: new PerWindow(this.limits.eventsPerSecond, 1000),
        // A single frame as large as the socket lets through must still fit.
        bytes: new ByteBudget(
          this.limits.bytesPerSecond,
          Math.max(this.limits.bytesPerSecond, this.limits.payloadBytes + 64 * 1024),
        ),
      };
      this.addresses.set(key, share);
    }
    return share;
  }

  /** One more socket from `address`, when its limit allows. */
  admitSocket(address: string): AddressShare | undefined {
    const share = this.shareOf(address);
    if (share.sockets >= this.limits.connectionsPerAddress) {
      this.forgetIfEmpty(share);
      return undefined;
    }
    share.sockets += 1;
    this.totals.sockets += 1;
    return share;
  }

  releaseSocket(share: AddressShare): void {
    share.sockets -= 1;
    this.totals.sockets -= 1;
    this.forgetIfEmpty(share);
  }

  /** Whether `share` may attach one channel holding `subscriptions`; nothing is taken. */
  refusal(share: AddressShare, subscriptions: number): Refusal | undefined {
    if (share.channels + 1 > this.limits.channelsPerAddress) return "channels";
    if (
      share.subscriptions + subscriptions > this.limits.subscriptionsPerAddress ||
      this.totals.subscriptions + subscriptions > this.limits.subscriptionsTotal
    ) {
      return "subscriptions";
    }
    return undefined;
  }

  takeChannel(share: AddressShare, subscriptions: number): void {
    share.channels += 1;
    share.subscriptions += subscriptions;
    this.totals.channels += 1;
    this.totals.subscriptions += subscriptions;
  }

  releaseChannel(share: AddressShare, subscriptions: number): void {
    share.channels -= 1;
    share.subscriptions -= subscriptions;
    this.totals.channels -= 1;
    this.totals.subscriptions -= subscriptions;
    this.forgetIfEmpty(share);
  }

  /** Moves `share`'s presence from `before` bytes to `after`; false (and nothing moved) past a bound. */
  changePresence(share: AddressShare, before: number, after: number): boolean {
    const delta = after - before;
    if (
      delta > 0 &&
      (share.presenceBytes + delta > this.limits.presenceBytesPerAddress ||
        this.totals.presenceBytes + delta > this.limits.presenceBytesTotal)
    ) {
      return false;
    }
    share.presenceBytes += delta;
    this.totals.presenceBytes += delta;
    this.forgetIfEmpty(share);
    return true;
  }

  stats(): LedgerTotals {
    return { ...this.totals, addresses: this.addresses.size };
  }

  private forgetIfEmpty(share: AddressShare): void {
    if (
      share.sockets === 0 &&
      share.channels === 0 &&
      share.subscriptions === 0 &&
      share.presenceBytes === 0
    ) {
      this.addresses.delete(share.key);
    }
  }
}
