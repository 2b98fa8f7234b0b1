import { randomUUID } from "node:crypto";
import type { ApiClaims } from "../http/context.ts";
import type { Audience, ChangeListener, ChangeSubscription } from "./change-feed.ts";
import { PerWindow } from "./limits.ts";

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
  presenceCalls: PerWindow;
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
  readonly presenceCalls: PerWindow;
  claims: ApiClaims;
  token: string;
  policies: ChannelPolicies = openPolicies;
  subscriptions: ChangeSubscription[] = [];
  expiryTimer: NodeJS.Timeout | undefined;
  tracking = false;

  constructor(
    options: ChannelOptions,
    claims: ApiClaims,
    token: string,
    private readonly send: (channel: Channel, event: string, payload: unknown) => void,
  ) {
    this.topic = options.topic;
    this.name = options.topic.slice("realtime:".length);
    this.joinRef = options.joinRef;
    this.isPrivate = options.isPrivate;
    this.selfBroadcast = options.selfBroadcast;
    this.ackBroadcast = options.ackBroadcast;
    this.presenceKey = options.presenceKey;
    this.presenceEnabled = options.presenceEnabled;
    this.presenceCalls = options.presenceCalls;
    this.claims = claims;
    this.token = token;
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
    this.send(this, event, payload);
  }

  system(extension: string, status: "ok" | "error", message: string): void {
    this.push("system", { extension, status, message, channel: this.name });
  }
}
