// A channel's presence messages: track and untrack, each within the channel's calls a window and
// its address's (and the instance's) presence bytes, as the ledger counts them.
import type { Channel } from "./channel.ts";
import type { RealtimeLedger } from "./ledger.ts";
import type { RealtimeLimits } from "./limits.ts";
import type { PresenceDiff, PresenceTracker } from "./presence.ts";
import type { PhoenixMessage } from "./protocol.ts";
import type { RefusalLog } from "./refusal-log.ts";

export interface PresenceRegistry {
  readonly presence: PresenceTracker;
  readonly ledger: RealtimeLedger;
  readonly limits: RealtimeLimits;
  readonly refusals: RefusalLog;
  /** Tells the subscriber why its channel ends, and ends it. */
  end(channel: Channel, reason: string): void;
  /** Sends a topic's presence change to its channels, here and on the other instances. */
  publishDiff(topic: string, diff: PresenceDiff): void;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function handlePresence(
  registry: PresenceRegistry,
  channel: Channel,
  message: PhoenixMessage,
): void {
  const connection = channel.connection;
  const payload = asObject(message.payload);
  if (!channel.presenceCalls.take()) {
    registry.end(channel, "Client presence rate limit exceeded");
    return;
  }
  if (!channel.policies.presence.write) {
    connection.reply(message, "error", {});
    return;
  }
  if (payload.event === "track") {
    const meta = payload.payload;
    if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
      connection.reply(message, "error", { reason: "Presence track payload must be a map" });
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(meta));
    if (bytes > registry.limits.payloadBytes) {
      registry.end(channel, "Track message size exceeded");
      return;
    }
    if (!registry.ledger.changePresence(connection.share, channel.presenceBytes, bytes)) {
      registry.refusals.warn("a realtime presence passed its address's bound", connection.address);
      connection.reply(message, "error", {
        reason: "PresenceRateLimitReached: Too much presence is tracked",
      });
      return;
    }
    channel.presenceBytes = bytes;
    if (!channel.presenceEnabled) {
      channel.presenceEnabled = true;
      channel.push("presence_state", registry.presence.state(channel.busTopic));
    }
    channel.tracking = true;
    const diff = registry.presence.track(
      channel.busTopic,
      channel.id,
      channel.presenceKey,
      meta as Record<string, unknown>,
    );
    registry.publishDiff(channel.busTopic, diff);
  } else if (payload.event === "untrack") {
    untrack(registry, channel);
  }
  connection.reply(message, "ok");
}

/** Stops showing what the channel tracks, and gives its bytes back to the ledger. */
export function untrack(registry: PresenceRegistry, channel: Channel): void {
  registry.ledger.changePresence(channel.connection.share, channel.presenceBytes, 0);
  channel.presenceBytes = 0;
  if (!channel.tracking) return;
  channel.tracking = false;
  const diff = registry.presence.untrack(channel.busTopic, channel.id);
  if (diff) registry.publishDiff(channel.busTopic, diff);
}
