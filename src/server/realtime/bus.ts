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
      /** The sending channel on its instance, which hears its own broadcast only with `self`. */
      sender?: string;
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

export class RealtimeBus {
  readonly instance = randomUUID();
  private stopListening: (() => Promise<void>) | undefined;
  private readonly shared: boolean;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly onMessage: (message: Envelope, local: boolean) => void,
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
    if (!this.shared) return;
    sendThroughDatabase(this.db, busChannel, envelope).catch((error: unknown) =>
      this.log.warn("a realtime message was not sent to the other instances", {
        error: errorForLog(error),
      }),
    );
  }

  /** Sends to the other instances only (presence bookkeeping). */
  tellOthers(message: BusMessage): Promise<void> {
    if (!this.shared) return Promise.resolve();
    return sendThroughDatabase(this.db, busChannel, { ...message, instance: this.instance });
  }
}
