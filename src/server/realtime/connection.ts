// One realtime socket: its frames counted as they arrive (every frame, heartbeats too, against
// its address's messages and bytes a second), handled one after another, and what it is sent
// bounded by how fast it reads. The channels it joined are kept here; what they mean to the rest
// of the instance is the registry's (hub.ts).
import type { WebSocket } from "ws";
import { errorForLog, type Logger } from "../log.ts";
import type { Channel } from "./channel.ts";
import type { AddressShare } from "./ledger.ts";
import type { RefusalLog } from "./refusal-log.ts";
import {
  decodeFrame,
  encodeFrame,
  FrameError,
  type PhoenixMessage,
  type ProtocolVersion,
} from "./protocol.ts";

/** A socket with no message for this long is closed: realtime-js sends a heartbeat every 25 s. */
const idleTimeoutMs = 60_000;
/** A socket that does not read what it is sent is closed before it holds more than this. */
export const maxBufferedBytes = 8 * 1024 * 1024;

/** What a connection asks of the registry. */
export interface ConnectionHandler {
  readonly log: Logger;
  readonly refusals: RefusalLog;
  receive(connection: Connection, message: PhoenixMessage): Promise<void>;
  /** The socket is gone: every channel is detached and the address's place given back. */
  closed(connection: Connection): void;
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  /** Frames received and not yet handled: a join waiting on the database holds the rest. */
  private waiting = 0;
  private readonly idleTimer: NodeJS.Timeout;
  closed = false;

  constructor(
    private readonly handler: ConnectionHandler,
    readonly socket: WebSocket,
    readonly version: ProtocolVersion,
    /** The client's address share in the ledger: its budgets, and what it holds. */
    readonly share: AddressShare,
    /** The project key the socket opened with: a channel's token when its join sends none. */
    readonly apiKey: string,
    private readonly maxWaiting: number,
  ) {
    this.idleTimer = setTimeout(() => this.terminate(), idleTimeoutMs);
    socket.on("message", (data: Buffer, isBinary: boolean) => this.arrived(data, isBinary));
    socket.on("close", () => this.release());
    socket.on("error", () => this.terminate());
  }

  get address(): string {
    return this.share.key;
  }

  private arrived(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.idleTimer.refresh();
    // Counted before anything else is done with it, so that no kind of frame escapes the limits.
    if (!this.share.bytes.take(data.length) || !this.share.events.take()) {
      this.overLimit("Too many messages per second");
      return;
    }
    if (this.waiting >= this.maxWaiting) {
      this.overLimit("Too many messages per second");
      return;
    }
    this.waiting += 1;
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) =>
        this.handler.log.error("a realtime message failed", { error: errorForLog(error) }),
      )
      .finally(() => (this.waiting -= 1));
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    let message: PhoenixMessage;
    try {
      message = decodeFrame(data, isBinary, this.version);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      this.handler.log.info("a realtime frame was not understood", {
        address: this.address,
        reason: error.message,
      });
      return;
    }
    if (message.topic === "phoenix" && message.event === "heartbeat") {
      this.reply(message, "ok");
      return;
    }
    await this.handler.receive(this, message);
  }

  /** Whether the socket can still be written to and is reading what it is sent. */
  private writable(): boolean {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.handler.refusals.warn("a realtime socket read too slowly and was closed", this.address);
      this.terminate();
      return false;
    }
    return true;
  }

  send(message: PhoenixMessage): void {
    if (this.writable()) this.socket.send(encodeFrame(message, this.version));
  }

  /** Sends a frame serialised once for many sockets: text, or binary (vsn 2.0.0's bytes). */
  sendEncoded(frame: Buffer, binary = false): void {
    if (this.writable()) this.socket.send(frame, { binary });
  }

  reply(
    message: PhoenixMessage,
    status: "ok" | "error",
    response: Record<string, unknown> = {},
  ): void {
    this.send({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: "phx_reply",
      payload: { status, response },
    });
  }

  /** Tells the channel's subscriber why it ends, and sends its phx_close, as hosted's shutdown. */
  closeChannel(channel: Channel, message: string): void {
    channel.system("system", "error", message);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
  }

  terminate(): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    else this.socket.terminate();
    this.release();
  }

  overLimit(reason: string): void {
    if (this.closed) return;
    for (const channel of this.channels.values()) this.closeChannel(channel, reason);
    this.handler.refusals.warn(
      "a realtime socket passed its message limit and was closed",
      this.address,
    );
    this.terminate();
  }

  private release(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.handler.closed(this);
  }
}
