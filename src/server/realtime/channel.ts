import { randomUUID } from "node:crypto";
import type { ApiClaims } from "../http/context.ts";
import type { Audience, ChangeListener, ChangeSubscription } from "./change-feed.ts";
import type { AddressShare } from "./ledger.ts";
import type { PerWindow } from "./limits.ts";
import type { PhoenixMessage, ProtocolVersion } from "./protocol.ts";

export interface ExtensionPolicies {
  read: boolean;
  write: boolean;
}

/** What a private channel's policies allow its subscriber; public channels allow everything. */
export interface ChannelPolicies {
  broadcast: ExtensionPolicies;
  presence: ExtensionPolicies;
}

export const openPolicies: ChannelPolicies = {
  broadcast: { read: true, write: true },
  presence: { read: true, write: true },
};

export interface ChannelOptions {
  topic: string;
  joinRef: string | null;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  claims: ApiClaims;
  token: string;
  policies: ChannelPolicies;
}

/** The socket a channel was joined on, as the channel and its handlers use it (connection.ts). */
export interface ChannelSocket {
  readonly version: ProtocolVersion;
  readonly share: AddressShare;
  readonly address: string;
  readonly channels: Map<string, Channel>;
  send(message: PhoenixMessage): void;
  /** Sends a frame serialised once for many sockets: text, or binary (vsn 2.0.0's bytes). */
  sendEncoded(frame: Buffer, binary?: boolean): void;
  reply(message: PhoenixMessage, status: "ok" | "error", response?: Record<string, unknown>): void;
  /** Tells the channel's subscriber why it ends, and sends its phx_close. */
  closeChannel(channel: Channel, reason: string): void;
}

/** One joined channel of one socket: `realtime:<name>`, with its subscriber's token. */
export class Channel implements ChangeListener {
  readonly id = randomUUID();
  readonly topic: string;
  /** The name after `realtime:`, as realtime.topic() answers it. */
  readonly name: string;
  readonly joinRef: string | null;
  readonly isPrivate: boolean;
  readonly selfBroadcast: boolean;
  readonly ackBroadcast: boolean;
  readonly presenceKey: string;
  presenceEnabled: boolean;
  claims: ApiClaims;
  token: string;
  policies: ChannelPolicies;
  subscriptions: ChangeSubscription[] = [];
  expiryTimer: NodeJS.Timeout | undefined;
  tracking = false;
  /** The bytes of what this channel tracks, as counted in the ledger. */
  presenceBytes = 0;

  constructor(
    options: ChannelOptions,
    readonly presenceCalls: PerWindow,
    readonly connection: ChannelSocket,
  ) {
    this.topic = options.topic;
    this.name = options.topic.slice("realtime:".length);
    this.joinRef = options.joinRef;
    this.isPrivate = options.isPrivate;
    this.selfBroadcast = options.selfBroadcast;
    this.ackBroadcast = options.ackBroadcast;
    this.presenceKey = options.presenceKey;
    this.presenceEnabled = options.presenceEnabled;
    this.claims = options.claims;
    this.token = options.token;
    this.policies = options.policies;
  }

  /** Where broadcast and presence for this channel meet: public and private names differ. */
  get busTopic(): string {
    return `${this.isPrivate ? "private" : "public"}:${this.name}`;
  }

  audience(): Audience {
    return { role: this.claims.role, claims: JSON.stringify(this.claims) };
  }

  deliver(ids: number[], data: Record<string, unknown>): void {
    this.push("postgres_changes", { ids, data });
  }

  push(event: string, payload: unknown): void {
    this.connection.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  system(extension: string, status: "ok" | "error", message: string): void {
    this.push("system", { extension, status, message, channel: this.name });
  }
}
