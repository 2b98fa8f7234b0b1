// Broadcast and presence between instances. Each instance delivers to its own sockets at once; on
// PostgreSQL it also sends each message through the database (NOTIFY realtime_bus), which every
// other instance hears and delivers to its sockets. The embedded database has one instance.
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";
import { readSpill, sendThroughDatabase, spillReference } from "./spill.ts";

export type BusMessage =
  | {
      kind: "broadcast";
      /** The channel's key: `public:<topic>` or `private:<topic>`. */
      topic: string;
      event: string;
      payload: unknown;
      /** A payload of bytes (base64), delivered as sent to vsn 2.0.0's subscribers. */
      bytes?: string;
      /** The sending channel on its instance, which hears its own broadcast only with `self`. */
      sender?: string;
      /** Sent with the anon key: kept to this instance when no other is there to hear it. */
      anonymous?: boolean;
    }
  | {
      kind: "presence_diff";
      topic: string;
      joins: Record<string, { metas: Record<string, unknown>[] }>;
      leaves: Record<string, { metas: Record<string, unknown>[] }>;
    }
  /** An instance that started asks the others what they track. */
  | { kind: "presence_hello" }
  | { kind: "presence_state"; topics: Record<string, Record<string, Record<string, unknown>[]>> }
  | { kind: "alive" }
  | { kind: "bye" };

export type Envelope = BusMessage & { instance: string };

const busChannel = "realtime_bus";
/** What NOTIFY carries; a bigger message is written to internal.realtime_spill (spill.ts). */
const notifyBytes = 7900;
/** Bytes of anonymous broadcasts an instance may spill a minute, so the table stays small. */
const anonymousSpillBytesPerMinute = 8_000_000;

export class RealtimeBus {
  readonly instance = randomUUID();
  private stopListening: (() => Promise<void>) | undefined;
  private readonly shared: boolean;

  private spilled = { minute: 0, bytes: 0 };

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly onMessage: (message: Envelope, local: boolean) => void,
    /** How many other instances are known to be alive. */
    private readonly peers: () => number = () => 1,
  ) {
    this.shared = db.kind === "postgres";
  }

  /** Whether other instances may exist (PostgreSQL). */
  get isShared(): boolean {
    return this.shared;
  }

  async start(): Promise<void> {
    if (!this.shared) return;
    this.stopListening = await this.db.listen(busChannel, (payload) => {
      void this.receive(payload);
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  private async receive(payload: string): Promise<void> {
    try {
      let body: unknown = JSON.parse(payload);
      const spilled = spillReference(body);
      if (spilled !== undefined) body = await readSpill(this.db, spilled);
      const envelope = body as Envelope;
      if (typeof envelope?.instance !== "string" || envelope.instance === this.instance) return;
      this.onMessage(envelope, false);
    } catch (error) {
      this.log.warn("a realtime message from another instance could not be read", {
        error: errorForLog(error),
      });
    }
  }

  /** Delivers here at once, and to the other instances through the database. */
  publish(message: BusMessage): void {
    const envelope = { ...message, instance: this.instance } as Envelope;
    if (message.kind !== "presence_hello" && message.kind !== "alive" && message.kind !== "bye") {
      this.onMessage(envelope, true);
    }
    if (!this.shared || !this.othersShouldHear(envelope)) return;
    sendThroughDatabase(this.db, busChannel, envelope).catch((error: unknown) =>
      this.log.warn("a realtime message was not sent to the other instances", {
        error: errorForLog(error),
      }),
    );
  }

  /**
   * Whether a message goes to the other instances: an anonymous broadcast only when another
   * instance is alive to hear it, and one too big for a notification only within the minute's
   * bound on what anonymous senders may have written to the database.
   */
  private othersShouldHear(envelope: Envelope): boolean {
    if (envelope.kind !== "broadcast" || envelope.anonymous !== true) return true;
    if (this.peers() === 0) return false;
    const bytes = Buffer.byteLength(JSON.stringify(envelope));
    if (bytes < notifyBytes) return true;
    const minute = Math.floor(Date.now() / 60_000);
    if (this.spilled.minute !== minute) this.spilled = { minute, bytes: 0 };
    if (this.spilled.bytes + bytes > anonymousSpillBytesPerMinute) {
      if (this.spilled.bytes <= anonymousSpillBytesPerMinute) {
        this.log.warn(
          "anonymous broadcasts passed the minute's bound and reach this instance only",
        );
      }
      this.spilled.bytes = anonymousSpillBytesPerMinute + 1;
      return false;
    }
    this.spilled.bytes += bytes;
    return true;
  }

  /** Sends to the other instances only (presence bookkeeping). */
  tellOthers(message: BusMessage): Promise<void> {
    if (!this.shared) return Promise.resolve();
    return sendThroughDatabase(this.db, busChannel, { ...message, instance: this.instance });
  }
}
