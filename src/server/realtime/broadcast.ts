// Broadcast: what a channel sends reaches every channel of its topic on every instance (bus.ts),
// each as its policies allow. A message is serialised once for all its receivers, and a large
// fan-out is written a slice at a time, so that one broadcast to many sockets never holds the
// event loop long enough to keep a visitor's page waiting.
import type { RealtimeBus } from "./bus.ts";
import type { Channel } from "./channel.ts";
import type { RealtimeLimits } from "./limits.ts";
import type { PhoenixMessage } from "./protocol.ts";

/** Bytes written to sockets in one turn of the event loop before the rest waits for the next. */
const bytesPerTurn = 1024 * 1024;

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The frame a channel is sent a broadcast in, its payload already serialised once. */
function frameFor(channel: Channel, payload: Buffer): Buffer {
  const joinRef = JSON.stringify(channel.joinRef);
  const topic = JSON.stringify(channel.topic);
  const [before, after] =
    channel.connection.version === "2.0.0"
      ? [`[${joinRef},null,${topic},"broadcast",`, "]"]
      : [`{"topic":${topic},"event":"broadcast","payload":`, `,"ref":null,"join_ref":${joinRef}}`];
  return Buffer.concat([Buffer.from(before), payload, Buffer.from(after)]);
}

interface Delivery {
  receivers: Channel[];
  payload: Buffer;
  next: number;
}

/**
 * Broadcasts waiting to be written, in the order they came: a channel hears them in that order
 * even when a large one is written over several turns.
 */
export class FanOut {
  private readonly waiting: Delivery[] = [];
  private scheduled = false;

  deliver(receivers: Channel[], payload: unknown): void {
    if (receivers.length === 0) return;
    this.waiting.push({ receivers, payload: Buffer.from(JSON.stringify(payload)), next: 0 });
    if (!this.scheduled) this.write();
  }

  private write(): void {
    this.scheduled = false;
    let written = 0;
    while (this.waiting.length > 0) {
      const delivery = this.waiting[0]!;
      while (delivery.next < delivery.receivers.length) {
        if (written >= bytesPerTurn) {
          this.scheduled = true;
          setImmediate(() => this.write());
          return;
        }
        const channel = delivery.receivers[delivery.next++]!;
        channel.connection.sendEncoded(frameFor(channel, delivery.payload));
        written += delivery.payload.length;
      }
      this.waiting.shift();
    }
  }
}

export function payloadTooLarge(payload: unknown, limits: RealtimeLimits): boolean {
  return Buffer.byteLength(JSON.stringify(payload) ?? "") > limits.payloadBytes;
}

/** A client's broadcast: to every channel of its topic, here and on the other instances. */
export function handleBroadcast(
  bus: RealtimeBus,
  limits: RealtimeLimits,
  channel: Channel,
  message: PhoenixMessage,
): void {
  if (!channel.policies.broadcast.write) return;
  if (payloadTooLarge(message.payload, limits)) {
    if (channel.ackBroadcast) {
      channel.connection.reply(message, "error", { reason: "payload_size_exceeded" });
    }
    return;
  }
  const payload = asObject(message.payload);
  const event = typeof payload.event === "string" ? payload.event : "";
  bus.publish({
    kind: "broadcast",
    topic: channel.busTopic,
    event,
    payload: { ...payload, type: "broadcast", event },
    sender: channel.id,
    anonymous: channel.claims.role === "anon",
  });
  if (channel.ackBroadcast && message.ref !== null) channel.connection.reply(message, "ok");
}
