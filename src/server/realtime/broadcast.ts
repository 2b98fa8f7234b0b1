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

const userBroadcast = 4;
const binaryEncoding = 0;

/**
 * vsn 2.0.0's binary frame for a broadcast whose payload is bytes (Supabase Realtime's
 * `V2Serializer` "user broadcast", kind 4): kind, the topic's, event's and metadata's lengths,
 * the payload's encoding, then the strings and the bytes as they were sent. Undefined when a
 * name is past the 255 bytes its length may say; Realtime drops such a message too.
 */
function binaryFrameFor(channel: Channel, event: string, bytes: Buffer): Buffer | undefined {
  const topic = Buffer.from(channel.topic);
  const name = Buffer.from(event);
  if (topic.length > 255 || name.length > 255) return undefined;
  const header = Buffer.from([userBroadcast, topic.length, name.length, 0, binaryEncoding]);
  return Buffer.concat([header, topic, name, bytes]);
}

interface Delivery {
  receivers: Channel[];
  payload: Buffer;
  /** Set when the payload is bytes to be delivered as they are, under this event. */
  binaryEvent?: string;
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

  /**
   * A broadcast of bytes, to the receivers on vsn 2.0.0: vsn 1.0.0 has no frame for it, and
   * Supabase Realtime leaves those subscribers out as well.
   */
  deliverBytes(receivers: Channel[], event: string, bytes: Buffer): void {
    const able = receivers.filter((channel) => channel.connection.version === "2.0.0");
    if (able.length === 0) return;
    this.waiting.push({ receivers: able, payload: bytes, binaryEvent: event, next: 0 });
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
        if (delivery.binaryEvent === undefined) {
          channel.connection.sendEncoded(frameFor(channel, delivery.payload));
        } else {
          const frame = binaryFrameFor(channel, delivery.binaryEvent, delivery.payload);
          if (frame) channel.connection.sendEncoded(frame, true);
        }
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
  const payload = asObject(message.payload);
  const bytes = Buffer.isBuffer(payload.payload) ? payload.payload : undefined;
  const tooLarge = bytes
    ? bytes.length > limits.payloadBytes
    : payloadTooLarge(message.payload, limits);
  if (tooLarge) {
    if (channel.ackBroadcast) {
      channel.connection.reply(message, "error", { reason: "payload_size_exceeded" });
    }
    return;
  }
  const event = typeof payload.event === "string" ? payload.event : "";
  bus.publish({
    kind: "broadcast",
    topic: channel.busTopic,
    event,
    ...(bytes
      ? { payload: null, bytes: bytes.toString("base64") }
      : { payload: { ...payload, type: "broadcast", event } }),
    sender: channel.id,
    anonymous: channel.claims.role === "anon",
  });
  if (channel.ackBroadcast && message.ref !== null) channel.connection.reply(message, "ok");
}
