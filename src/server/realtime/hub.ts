// The realtime registry: the sockets of this instance (connection.ts), the channels they joined,
// the topics those channels meet on, and the ledger of what every client address holds
// (ledger.ts). A join or a token refresh is resolved as data first (join.ts), then attached here
// in one synchronous step, or not at all when its socket closed meanwhile; `detach` is its exact
// inverse. What reaches a channel comes from the change feed (change-feed.ts), broadcasts
// (broadcast.ts) and presence (presence-handler.ts, presence.ts), on this instance and from the
// others (bus.ts).
import type { WebSocket } from "ws";
import type { Database } from "../db/database.ts";
import type { ApiClaims } from "../http/context.ts";
import { errorForLog, type Logger } from "../log.ts";
import { channelPolicies, revocation } from "./authorization.ts";
import { FanOut, handleBroadcast, payloadTooLarge } from "./broadcast.ts";
import { RealtimeBus, type Envelope } from "./bus.ts";
import { ChangeFeed } from "./change-feed.ts";
import { Channel } from "./channel.ts";
import { Connection, type ConnectionHandler } from "./connection.ts";
import { resolveJoin, resolveRefresh, tokenOf, type JoinContext, type JoinPlan } from "./join.ts";
import { RealtimeLedger, type AddressShare, type LedgerTotals } from "./ledger.ts";
import { PerWindow, type RealtimeLimits } from "./limits.ts";
import { handlePresence, untrack } from "./presence-handler.ts";
import { PresenceTracker, remoteInstanceTimeoutMs, type PresenceDiff } from "./presence.ts";
import type { PhoenixMessage, ProtocolVersion } from "./protocol.ts";
import { PublishedTables } from "./published-tables.ts";
import { RefusalLog } from "./refusal-log.ts";
import { clearSpill } from "./spill.ts";

export interface RealtimeDependencies {
  db: Database;
  secret: Uint8Array;
  limits: RealtimeLimits;
  log: Logger;
}

const aliveEveryMs = 10_000;
const tokenCheckEveryMs = 5 * 60_000;

export interface RealtimeStats {
  sockets: number;
  channels: number;
  /** postgres_changes subscriptions held, as the ledger counts them. */
  subscriptions: number;
  /** Bytes of presence this instance's sockets track. */
  presenceBytes: number;
}

export class RealtimeHub implements ConnectionHandler {
  readonly limits: RealtimeLimits;
  readonly log: Logger;
  readonly refusals: RefusalLog;
  readonly tables: PublishedTables;
  readonly feed: ChangeFeed;
  private readonly db: Database;
  private readonly secret: Uint8Array;
  private readonly bus: RealtimeBus;
  readonly presence = new PresenceTracker();
  readonly ledger: RealtimeLedger;
  private readonly fanOut = new FanOut();
  private readonly connections = new Set<Connection>();
  private readonly topics = new Map<string, Set<Channel>>();
  private timers: NodeJS.Timeout[] = [];
  private checking = false;

  constructor(deps: RealtimeDependencies) {
    this.db = deps.db;
    this.secret = deps.secret;
    this.limits = deps.limits;
    this.log = deps.log;
    this.refusals = new RefusalLog(deps.log);
    this.ledger = new RealtimeLedger(deps.limits);
    this.tables = new PublishedTables(deps.db);
    // A subscriber cannot be told which changes it missed: its socket is closed instead, and
    // realtime-js joins again, which is when the inbox reads what it missed.
    this.feed = new ChangeFeed(deps.db, this.tables, deps.log, () => this.dropAll());
    this.bus = new RealtimeBus(
      deps.db,
      deps.log,
      (message, local) => this.fromBus(message, local),
      () => this.presence.otherInstances(),
    );
  }

  private get joinContext(): JoinContext {
    return { db: this.db, secret: this.secret, tables: this.tables };
  }

  async start(): Promise<void> {
    // A database migrated from a folder without realtime's migration (an older release's) still
    // serves everything else; its changes are not heard.
    const { rows } = await this.db.query<{ ready: boolean }>(
      "select to_regprocedure('internal.realtime_sync_triggers()') is not null as ready",
    );
    const ready = rows[0]?.ready === true;
    if (!ready) {
      this.log.warn("realtime hears no database changes: its migration is not applied");
    } else {
      // Realtime is worth no refusal to start: without its triggers, the rest is served.
      await this.db.query("select internal.realtime_sync_triggers()").catch((error: unknown) =>
        this.log.error("realtime's capture triggers could not be made", {
          error: errorForLog(error),
        }),
      );
    }
    await this.feed.start();
    await this.bus.start();
    if (this.bus.isShared && ready) {
      await this.bus.tellOthers({ kind: "presence_hello" }).catch((error: unknown) =>
        this.log.warn("the other instances were not asked who is present", {
          error: errorForLog(error),
        }),
      );
      this.timers.push(
        setInterval(() => {
          this.bus.tellOthers({ kind: "alive" }).catch(() => {});
          this.dropLost((_instance, seen) => Date.now() - seen > remoteInstanceTimeoutMs);
        }, aliveEveryMs).unref(),
      );
    }
    this.timers.push(
      setInterval(() => {
        clearSpill(this.db).catch((error: unknown) =>
          this.log.warn("old realtime messages were not cleared", { error: errorForLog(error) }),
        );
      }, 60_000).unref(),
      setInterval(() => void this.checkPrivateChannels(), this.limits.authorizationCheckMs).unref(),
    );
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.dropAll();
    await this.bus.tellOthers({ kind: "bye" }).catch(() => {});
    await this.feed.stop();
    await this.bus.stop();
  }

  /** Closes every socket, as a restart does: realtime-js reconnects and joins again. */
  dropAll(): void {
    for (const connection of [...this.connections]) connection.terminate();
  }

  stats(): RealtimeStats {
    const held = this.ledger.stats();
    return {
      sockets: this.connections.size,
      channels: held.channels,
      subscriptions: held.subscriptions,
      presenceBytes: held.presenceBytes,
    };
  }

  /** Everything the ledger counts, the addresses it knows included: zero when nobody is here. */
  held(): LedgerTotals {
    return this.ledger.stats();
  }

  /** One more socket from `address`, counted, when its limit allows. */
  admit(address: string): AddressShare | undefined {
    return this.ledger.admitSocket(address);
  }

  /** Gives back an admitted socket's place when it could not be opened. */
  release(share: AddressShare): void {
    this.ledger.releaseSocket(share);
  }

  open(socket: WebSocket, version: ProtocolVersion, share: AddressShare, apiKey: string): void {
    const connection = new Connection(
      this,
      socket,
      version,
      share,
      apiKey,
      this.limits.eventsPerSecond,
    );
    this.connections.add(connection);
  }

  closed(connection: Connection): void {
    for (const channel of [...connection.channels.values()]) this.detach(channel);
    if (this.connections.delete(connection)) this.ledger.releaseSocket(connection.share);
  }

  async receive(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.event === "phx_join") {
      await this.join(connection, message);
      return;
    }
    const channel = connection.channels.get(message.topic);
    if (!channel) {
      connection.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    switch (message.event) {
      case "phx_leave":
        connection.reply(message, "ok");
        this.detach(channel);
        return;
      case "access_token":
        await this.refresh(channel, tokenOf(message.payload, ""));
        return;
      case "broadcast":
        handleBroadcast(this.bus, this.limits, channel, message);
        return;
      case "presence":
        handlePresence(this, channel, message);
        return;
      default:
        return;
    }
  }

  private async join(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith("realtime:")) {
      connection.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    if (message.topic === "realtime:") {
      connection.reply(message, "error", {
        reason: "TopicNameRequired: You must provide a topic name",
      });
      return;
    }
    if (!connection.share.joins.take()) {
      connection.reply(message, "error", {
        reason: "ClientJoinRateLimitReached: Too many joins per second",
      });
      connection.terminate();
      return;
    }
    if (this.overChannels(connection, message.topic)) {
      connection.reply(message, "error", { reason: "ChannelRateLimitReached: Too many channels" });
      return;
    }
    let resolved;
    try {
      resolved = await resolveJoin(this.joinContext, message, connection.apiKey);
    } catch (error) {
      this.log.error("a realtime join failed", { topic: message.topic, error: errorForLog(error) });
      connection.reply(message, "error", {
        reason: "UnknownErrorOnChannel: Unknown Error on Channel",
      });
      return;
    }
    if ("refused" in resolved) connection.reply(message, "error", { reason: resolved.refused });
    else this.attach(connection, message, resolved.plan);
  }

  private overChannels(connection: Connection, topic: string): boolean {
    return (
      !connection.channels.has(topic) &&
      connection.channels.size >= this.limits.channelsPerConnection
    );
  }

  /**
   * Registers a resolved join, channel, topic, feed subscriptions and ledger together, in one
   * synchronous step; a socket that closed while the join was resolved gets nothing.
   */
  private attach(connection: Connection, message: PhoenixMessage, plan: JoinPlan): void {
    if (connection.closed) return;
    // A second join of a topic replaces the first, as Phoenix does.
    const existing = connection.channels.get(plan.topic);
    if (existing) {
      connection.send({
        joinRef: existing.joinRef,
        ref: existing.joinRef,
        topic: existing.topic,
        event: "phx_close",
        payload: {},
      });
      this.detach(existing);
    }
    if (this.overChannels(connection, plan.topic)) {
      connection.reply(message, "error", { reason: "ChannelRateLimitReached: Too many channels" });
      return;
    }
    const refusal = this.ledger.refusal(connection.share, plan.subscriptions.length);
    if (refusal) {
      this.refusals.warn("a realtime join passed its address's bound", connection.address, {
        bound: refusal,
      });
      connection.reply(message, "error", {
        reason:
          refusal === "channels"
            ? "ChannelRateLimitReached: Too many channels"
            : "ChannelRateLimitReached: Too many postgres_changes subscriptions",
      });
      return;
    }

    const channel = new Channel(
      plan,
      new PerWindow(this.limits.presenceCallsPerWindow, this.limits.presenceWindowMs),
      connection,
    );
    channel.subscriptions = plan.subscriptions.map((request) => ({
      ...request,
      listener: channel,
      role: plan.claims.role,
    }));
    connection.channels.set(channel.topic, channel);
    let members = this.topics.get(channel.busTopic);
    if (!members) {
      members = new Set();
      this.topics.set(channel.busTopic, members);
    }
    members.add(channel);
    for (const subscription of channel.subscriptions) this.feed.add(subscription);
    this.ledger.takeChannel(connection.share, channel.subscriptions.length);

    connection.reply(message, "ok", { postgres_changes: plan.replies });
    if (plan.askedForChanges) {
      if (plan.problem === undefined) {
        channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL");
      } else {
        channel.system("postgres_changes", "error", plan.problem);
      }
    }
    if (channel.presenceEnabled && channel.policies.presence.read) {
      channel.push("presence_state", this.presence.state(channel.busTopic));
    }
    this.watchExpiry(channel);
  }

  /** The exact inverse of `attach`: everything the channel holds is given back. */
  private detach(channel: Channel): void {
    const connection = channel.connection;
    if (connection.channels.get(channel.topic) !== channel) return;
    connection.channels.delete(channel.topic);
    clearTimeout(channel.expiryTimer);
    const members = this.topics.get(channel.busTopic);
    members?.delete(channel);
    if (members?.size === 0) this.topics.delete(channel.busTopic);
    for (const subscription of channel.subscriptions) this.feed.remove(subscription);
    this.ledger.releaseChannel(connection.share, channel.subscriptions.length);
    channel.subscriptions = [];
    untrack(this, channel);
  }

  /** Tells the subscriber why its channel ends, and ends it. */
  end(channel: Channel, reason: string): void {
    if (channel.connection.channels.get(channel.topic) !== channel) return;
    channel.connection.closeChannel(channel, reason);
    this.detach(channel);
  }

  private async refresh(channel: Channel, token: string): Promise<void> {
    if (token === "" || token === channel.token) return;
    const resolved = await resolveRefresh(this.joinContext, channel.name, channel.isPrivate, token);
    if (channel.connection.channels.get(channel.topic) !== channel) return;
    if ("ended" in resolved) {
      this.end(channel, resolved.ended);
      return;
    }
    if (resolved.policies) {
      const reason = revocation(channel.name, channel.policies, resolved.policies);
      if (reason) {
        this.end(channel, reason);
        return;
      }
      channel.policies = resolved.policies;
    }
    this.reclaim(channel, resolved.claims, token);
    this.watchExpiry(channel);
  }

  /** Gives the channel a new token; its subscriptions move to the new role's place in the feed. */
  private reclaim(channel: Channel, claims: ApiClaims, token: string): void {
    if (claims.role !== channel.claims.role) {
      for (const subscription of channel.subscriptions) {
        this.feed.remove(subscription);
        subscription.role = claims.role;
        this.feed.add(subscription);
      }
    }
    channel.claims = claims;
    channel.token = token;
  }

  /**
   * Reads every private channel's policies again, a distinct topic and token once, and ends the
   * channels whose subscribers may no longer read: a member removed from the team stops hearing
   * within a few seconds, without waiting for a token refresh.
   */
  async checkPrivateChannels(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const groups = new Map<string, Channel[]>();
      for (const connection of this.connections) {
        for (const channel of connection.channels.values()) {
          if (!channel.isPrivate) continue;
          const key = `${channel.name}\u0000${channel.token}`;
          const group = groups.get(key);
          if (group) group.push(channel);
          else groups.set(key, [channel]);
        }
      }
      for (const channels of groups.values()) {
        const first = channels[0]!;
        const policies = await channelPolicies(this.db, first.name, first.claims);
        for (const channel of channels) {
          if (channel.token !== first.token) continue;
          const reason = revocation(channel.name, channel.policies, policies);
          if (reason) this.end(channel, reason);
          else channel.policies = policies;
        }
      }
    } catch (error) {
      this.log.warn("private channels' policies were not read again", {
        error: errorForLog(error),
      });
    } finally {
      this.checking = false;
    }
  }

  /** Ends the channel when its token expires, and checks the token every few minutes. */
  private watchExpiry(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    const exp = typeof channel.claims.exp === "number" ? channel.claims.exp : 0;
    const untilExpiry = Math.max(0, exp * 1000 - Date.now());
    channel.expiryTimer = setTimeout(
      () => {
        if (Date.now() >= exp * 1000) {
          const ago = Math.max(0, Math.floor(Date.now() / 1000 - exp));
          this.end(channel, `Token has expired ${ago} seconds ago`);
        } else {
          this.watchExpiry(channel);
        }
      },
      Math.min(untilExpiry + 50, tokenCheckEveryMs),
    );
    channel.expiryTimer.unref();
  }

  /** A broadcast sent over HTTP (POST /realtime/v1/api/broadcast). */
  broadcastFromServer(busTopic: string, event: string, payload: unknown, role: string): void {
    this.bus.publish({
      kind: "broadcast",
      topic: busTopic,
      event,
      payload: { type: "broadcast", event, payload },
      anonymous: role === "anon",
    });
  }

  /** A broadcast of bytes sent over HTTP (realtime-js's `httpSend` with binary data). */
  broadcastBytesFromServer(busTopic: string, event: string, bytes: Buffer, role: string): void {
    this.bus.publish({
      kind: "broadcast",
      topic: busTopic,
      event,
      payload: null,
      bytes: bytes.toString("base64"),
      anonymous: role === "anon",
    });
  }

  /** What a token may do on a private topic, for the HTTP broadcast. */
  async mayBroadcast(name: string, claims: ApiClaims): Promise<boolean> {
    if (claims.role === "service_role") return true;
    return (await channelPolicies(this.db, name, claims)).broadcast.write;
  }

  payloadAllowed(payload: unknown): boolean {
    return !payloadTooLarge(payload, this.limits);
  }

  publishDiff(topic: string, diff: PresenceDiff): void {
    this.bus.publish({ kind: "presence_diff", topic, ...diff });
  }

  private dropLost(predicate: (instance: string, seen: number) => boolean): void {
    for (const { topic, diff } of this.presence.forget(predicate)) this.deliverDiff(topic, diff);
  }

  private deliverDiff(topic: string, diff: PresenceDiff): void {
    for (const channel of this.topics.get(topic) ?? []) {
      if (channel.policies.presence.read) channel.push("presence_diff", diff);
    }
  }

  private fromBus(message: Envelope, local: boolean): void {
    switch (message.kind) {
      case "broadcast": {
        const receivers = [...(this.topics.get(message.topic) ?? [])].filter(
          (channel) =>
            channel.policies.broadcast.read &&
            !(local && message.sender === channel.id && !channel.selfBroadcast),
        );
        if (message.bytes === undefined) this.fanOut.deliver(receivers, message.payload);
        else
          this.fanOut.deliverBytes(receivers, message.event, Buffer.from(message.bytes, "base64"));
        return;
      }
      case "presence_diff":
        if (!local) {
          this.presence.applyRemoteDiff(message.instance, message.topic, message);
        }
        this.deliverDiff(message.topic, { joins: message.joins, leaves: message.leaves });
        return;
      case "presence_hello":
        this.presence.heardFrom(message.instance);
        this.bus
          .tellOthers({ kind: "presence_state", topics: this.presence.localState() })
          .catch(() => {});
        return;
      case "presence_state": {
        const before = new Set(Object.keys(message.topics));
        this.presence.applyRemoteState(message.instance, message.topics);
        for (const topic of before) {
          const joins: PresenceDiff["joins"] = {};
          for (const [key, metas] of Object.entries(message.topics[topic] ?? {})) {
            joins[key] = { metas };
          }
          this.deliverDiff(topic, { joins, leaves: {} });
        }
        return;
      }
      case "alive":
        this.presence.heardFrom(message.instance);
        return;
      case "bye":
        this.dropLost((instance) => instance === message.instance);
        return;
    }
  }
}
