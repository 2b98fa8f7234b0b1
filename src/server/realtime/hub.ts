// The realtime service: the sockets of this instance, the channels they join, and what reaches
// them: database changes (change-feed.ts), broadcast and presence (bus.ts, presence.ts). Each
// socket's messages are handled in order; a refused one is answered as Supabase Realtime answers
// it, and nothing a client sends can stop the process or slow the others.
import { createHash } from "node:crypto";
import type { WebSocket } from "ws";
import type { Database } from "../db/database.ts";
import type { ApiClaims } from "../http/context.ts";
import { errorForLog, type Logger } from "../log.ts";
import { RealtimeBus, type Envelope } from "./bus.ts";
import { ChangeFeed, type ChangeEvent, type ChangeSubscription } from "./change-feed.ts";
import { FilterError, parseChangeFilter, type ChangeFilter } from "./change-filter.ts";
import { Channel, openPolicies, type ChannelPolicies } from "./channel.ts";
import { PerWindow, type RealtimeLimits } from "./limits.ts";
import { PresenceTracker, remoteInstanceTimeoutMs, type PresenceDiff } from "./presence.ts";
import {
  decodeFrame,
  encodeFrame,
  FrameError,
  type PhoenixMessage,
  type ProtocolVersion,
} from "./protocol.ts";
import { PublishedTables, type PublishedTable } from "./published-tables.ts";
import { clearSpill } from "./spill.ts";
import { RealtimeTokenError, verifyRealtimeToken } from "./tokens.ts";

export interface RealtimeDependencies {
  db: Database;
  secret: Uint8Array;
  limits: RealtimeLimits;
  log: Logger;
}

/** A socket with no message for this long is closed: realtime-js sends a heartbeat every 25 s. */
const idleTimeoutMs = 60_000;
/** A socket that does not read what it is sent is closed before it holds more than this. */
const maxBufferedBytes = 8 * 1024 * 1024;
const aliveEveryMs = 10_000;
/** Each subscription is matched against every change to its table: a join may ask for this many. */
const maxChangeRequests = 100;
const tokenCheckEveryMs = 5 * 60_000;

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super("rolled back");
  }
}

interface JoinConfig {
  broadcast?: { self?: unknown; ack?: unknown };
  presence?: { key?: unknown; enabled?: unknown };
  postgres_changes?: unknown;
  private?: unknown;
}

interface ChangeRequest {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function flag(value: unknown): boolean {
  return value === true || value === "true";
}

/** The id a subscription's reply names, stable for the same parameters, as hosted's phash2. */
function subscriptionId(params: ChangeRequest): number {
  const digest = createHash("sha1").update(JSON.stringify(params)).digest();
  return digest.readUInt32BE(0) % 100_000_000;
}

function describeRequest(request: ChangeRequest, filter: ChangeFilter | undefined): string {
  const filters = filter
    ? `[{"${filter.column}", "${filter.operator}", "${filter.values.join(",")}"}]`
    : "[]";
  return `event: ${request.event}, schema: ${request.schema}, table: ${request.table ?? "*"}, filters: ${filters}`;
}

export class Connection {
  readonly channels = new Map<string, Channel>();
  readonly joins: PerWindow;
  readonly events: PerWindow;
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout;
  closed = false;

  constructor(
    readonly hub: RealtimeHub,
    readonly socket: WebSocket,
    readonly version: ProtocolVersion,
    readonly address: string,
    /** The project key the socket opened with: a channel's token when its join sends none. */
    readonly apiKey: string,
  ) {
    const limiters = hub.limitersFor(address);
    this.joins = limiters.joins;
    this.events = limiters.events;
    this.idleTimer = setTimeout(() => this.terminate(), idleTimeoutMs);
    socket.on("message", (data: Buffer, isBinary: boolean) => {
      this.idleTimer.refresh();
      this.queue = this.queue
        .then(() => this.receive(data, isBinary))
        .catch((error: unknown) =>
          hub.log.error("a realtime message failed", { error: errorForLog(error) }),
        );
    });
    socket.on("close", () => this.closeChannels());
    socket.on("error", () => this.terminate());
  }

  send(message: PhoenixMessage): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.hub.log.warn("a realtime socket read too slowly and was closed", {
        address: this.address,
      });
      this.terminate();
      return;
    }
    this.socket.send(encodeFrame(message, this.version));
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

  terminate(): void {
    clearTimeout(this.idleTimer);
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    else this.socket.terminate();
    this.closeChannels();
  }

  private closeChannels(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const channel of this.channels.values()) this.hub.removeChannel(channel);
    this.channels.clear();
    this.hub.forget(this);
  }

  /** Tells the channel's subscriber why it ends, and ends it, as hosted's shutdown_response. */
  shutdown(channel: Channel, message: string): void {
    channel.system("system", "error", message);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
    this.channels.delete(channel.topic);
    this.hub.removeChannel(channel);
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    let message: PhoenixMessage;
    try {
      message = decodeFrame(data, isBinary, this.version);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      this.hub.log.info("a realtime frame was not understood", {
        address: this.address,
        reason: error.message,
      });
      if (!this.events.take()) this.overLimit("Too many messages per second");
      return;
    }
    if (message.topic === "phoenix" && message.event === "heartbeat") {
      this.reply(message, "ok");
      return;
    }
    if (!this.events.take()) {
      this.overLimit("Too many messages per second");
      return;
    }
    if (message.event === "phx_join") {
      await this.hub.join(this, message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel) {
      this.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    await this.hub.handle(this, channel, message);
  }

  private overLimit(reason: string): void {
    for (const channel of [...this.channels.values()]) this.shutdown(channel, reason);
    this.hub.log.warn("a realtime socket passed its message limit and was closed", {
      address: this.address,
    });
    this.terminate();
  }
}

export interface RealtimeStats {
  sockets: number;
  channels: number;
}

export class RealtimeHub {
  readonly limits: RealtimeLimits;
  readonly log: Logger;
  readonly tables: PublishedTables;
  readonly feed: ChangeFeed;
  private readonly db: Database;
  private readonly secret: Uint8Array;
  private readonly bus: RealtimeBus;
  private readonly presence = new PresenceTracker();
  private readonly connections = new Set<Connection>();
  /** Sockets open from each client address, and what they may send together each second. */
  private readonly addresses = new Map<
    string,
    { sockets: number; joins: PerWindow; events: PerWindow }
  >();
  private readonly topics = new Map<string, Set<Channel>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(deps: RealtimeDependencies) {
    this.db = deps.db;
    this.secret = deps.secret;
    this.limits = deps.limits;
    this.log = deps.log;
    this.tables = new PublishedTables(deps.db);
    // A subscriber cannot be told which changes it missed: its socket is closed instead, and
    // realtime-js joins again, which is when the inbox reads what it missed.
    this.feed = new ChangeFeed(deps.db, this.tables, deps.log, () => this.dropAll());
    this.bus = new RealtimeBus(deps.db, deps.log, (message, local) => this.fromBus(message, local));
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
    let channels = 0;
    for (const connection of this.connections) channels += connection.channels.size;
    return { sockets: this.connections.size, channels };
  }

  /** Whether one more socket from `address` is allowed; counts it when it is. */
  admit(address: string): boolean {
    const entry = this.addresses.get(address);
    if (!entry) {
      this.addresses.set(address, {
        sockets: 1,
        joins: new PerWindow(this.limits.joinsPerSecond, 1000),
        events: new PerWindow(this.limits.eventsPerSecond, 1000),
      });
      return true;
    }
    if (entry.sockets >= this.limits.connectionsPerAddress) return false;
    entry.sockets += 1;
    return true;
  }

  /** Gives back an admitted address's place when its socket closed or could not be opened. */
  release(address: string): void {
    const entry = this.addresses.get(address);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets <= 0) this.addresses.delete(address);
  }

  /**
   * The joins and messages a second shared by every socket of one address: opening more sockets
   * does not buy a flood more room.
   */
  limitersFor(address: string): { joins: PerWindow; events: PerWindow } {
    const entry = this.addresses.get(address);
    if (entry) return entry;
    return {
      joins: new PerWindow(this.limits.joinsPerSecond, 1000),
      events: new PerWindow(this.limits.eventsPerSecond, 1000),
    };
  }

  open(socket: WebSocket, version: ProtocolVersion, address: string, apiKey: string): void {
    const connection = new Connection(this, socket, version, address, apiKey);
    this.connections.add(connection);
  }

  forget(connection: Connection): void {
    if (this.connections.delete(connection)) this.release(connection.address);
  }

  private sendOn(connection: Connection, channel: Channel, event: string, payload: unknown): void {
    connection.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
  }

  async join(connection: Connection, message: PhoenixMessage): Promise<void> {
    try {
      await this.joinChannel(connection, message);
    } catch (error) {
      this.log.error("a realtime join failed", { topic: message.topic, error: errorForLog(error) });
      connection.reply(message, "error", {
        reason: "UnknownErrorOnChannel: Unknown Error on Channel",
      });
    }
  }

  private async joinChannel(connection: Connection, message: PhoenixMessage): Promise<void> {
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
    if (!connection.joins.take()) {
      connection.reply(message, "error", {
        reason: "ClientJoinRateLimitReached: Too many joins per second",
      });
      connection.terminate();
      return;
    }
    // A second join of a topic replaces the first, as Phoenix does.
    const existing = connection.channels.get(message.topic);
    if (existing) {
      connection.send({
        joinRef: existing.joinRef,
        ref: existing.joinRef,
        topic: existing.topic,
        event: "phx_close",
        payload: {},
      });
      connection.channels.delete(existing.topic);
      this.removeChannel(existing);
    }
    if (connection.channels.size >= this.limits.channelsPerConnection) {
      connection.reply(message, "error", {
        reason: "ChannelRateLimitReached: Too many channels",
      });
      return;
    }

    const payload = asObject(message.payload);
    const config = asObject(payload.config) as JoinConfig;
    const token =
      typeof payload.access_token === "string" && !payload.access_token.startsWith("sb_")
        ? payload.access_token
        : connection.apiKey;
    let claims: ApiClaims;
    try {
      claims = await verifyRealtimeToken(token, this.secret);
    } catch (error) {
      if (!(error instanceof RealtimeTokenError)) throw error;
      connection.reply(message, "error", { reason: error.reason });
      return;
    }

    const broadcast = asObject(config.broadcast);
    const presence = asObject(config.presence);
    const presenceKey =
      typeof presence.key === "string" && presence.key !== "" ? presence.key : crypto.randomUUID();
    const channel = new Channel(
      {
        topic: message.topic,
        joinRef: message.joinRef,
        isPrivate: flag(config.private),
        selfBroadcast: flag(broadcast.self),
        ackBroadcast: flag(broadcast.ack),
        presenceKey,
        presenceEnabled: flag(presence.enabled),
        presenceCalls: new PerWindow(
          this.limits.presenceCallsPerWindow,
          this.limits.presenceWindowMs,
        ),
      },
      claims,
      token,
      (target, event, body) => this.sendOn(connection, target, event, body),
    );

    if (channel.isPrivate) {
      channel.policies = await this.policiesFor(channel.name, channel.claims);
      if (!channel.policies.broadcast.read && !channel.policies.presence.read) {
        connection.reply(message, "error", {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${channel.name}`,
        });
        return;
      }
    }

    const requests = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as unknown[]).filter((entry) => entry !== null)
      : [];
    if (requests.length > maxChangeRequests) {
      connection.reply(message, "error", {
        reason: `InvalidJoinPayload: at most ${maxChangeRequests} postgres_changes a channel`,
      });
      return;
    }
    const replies: Record<string, unknown>[] = [];
    const problems: string[] = [];
    const subscriptions: ChangeSubscription[] = [];
    for (const entry of requests) {
      const request = asObject(entry) as unknown as ChangeRequest;
      replies.push({ ...asObject(entry), id: subscriptionId(request) });
      const made = await this.subscriptionsFor(channel, request);
      if (typeof made === "string") problems.push(made);
      else subscriptions.push(...made);
    }

    connection.channels.set(channel.topic, channel);
    this.addToTopic(channel);
    if (problems.length === 0) {
      channel.subscriptions = subscriptions;
      for (const subscription of subscriptions) this.feed.add(subscription);
    }
    connection.reply(message, "ok", { postgres_changes: replies });
    if (requests.length > 0) {
      if (problems.length === 0)
        channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL");
      else channel.system("postgres_changes", "error", problems[0]!);
    }
    if (channel.presenceEnabled && channel.policies.presence.read) {
      channel.push("presence_state", this.presence.state(channel.busTopic));
    }
    this.watchExpiry(connection, channel);
  }

  private async subscriptionsFor(
    channel: Channel,
    request: ChangeRequest,
  ): Promise<ChangeSubscription[] | string> {
    const event = String(request.event ?? "").toUpperCase();
    const schema = typeof request.schema === "string" ? request.schema : "";
    const tableName = typeof request.table === "string" ? request.table : "*";
    let filter: ChangeFilter | undefined;
    const unable = (detail?: string) =>
      detail
        ? `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeRequest(request, filter)}]. Exception: ${detail}`
        : `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeRequest(request, filter)}]`;
    if (!["INSERT", "UPDATE", "DELETE", "*"].includes(event) || schema === "") {
      return unable("ERROR 22023 (invalid_parameter_value) invalid event or schema");
    }
    if (typeof request.filter === "string" && request.filter !== "") {
      try {
        filter = parseChangeFilter(request.filter);
      } catch (error) {
        if (!(error instanceof FilterError)) throw error;
        return unable(`ERROR P0001 (raise_exception) ${error.message}`);
      }
    }
    const tables: PublishedTable[] = await this.tables.matching(schema, tableName);
    if (tables.length === 0) return unable();
    if (filter) {
      const column = filter.column;
      const missing = tables.find((table) => !table.columns.some((entry) => entry.name === column));
      if (missing)
        return unable(`ERROR P0001 (raise_exception) invalid column for filter ${column}`);
    }
    const id = subscriptionId(request);
    return tables.map((table) => ({
      id,
      event: event as ChangeEvent,
      table,
      filter,
      listener: channel,
    }));
  }

  private async policiesFor(name: string, claims: ApiClaims): Promise<ChannelPolicies> {
    try {
      await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ policies: unknown }>(
          "select internal.realtime_channel_policies($1, $2, $3) as policies",
          [name, claims.role, JSON.stringify(claims)],
        );
        throw new Rollback(rows[0]?.policies);
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      const value =
        typeof error.value === "string" ? (JSON.parse(error.value) as unknown) : error.value;
      return { ...openPolicies, ...(value as ChannelPolicies) };
    }
    return openPolicies;
  }

  /** Ends the channel when its token expires, and checks the token every few minutes. */
  private watchExpiry(connection: Connection, channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    const exp = typeof channel.claims.exp === "number" ? channel.claims.exp : 0;
    const untilExpiry = Math.max(0, exp * 1000 - Date.now());
    channel.expiryTimer = setTimeout(
      () => {
        if (!connection.channels.has(channel.topic)) return;
        if (Date.now() >= exp * 1000) {
          const ago = Math.max(0, Math.floor(Date.now() / 1000 - exp));
          connection.shutdown(channel, `Token has expired ${ago} seconds ago`);
        } else {
          this.watchExpiry(connection, channel);
        }
      },
      Math.min(untilExpiry + 50, tokenCheckEveryMs),
    );
    channel.expiryTimer.unref();
  }

  private addToTopic(channel: Channel): void {
    let set = this.topics.get(channel.busTopic);
    if (!set) {
      set = new Set();
      this.topics.set(channel.busTopic, set);
    }
    set.add(channel);
  }

  removeChannel(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    for (const subscription of channel.subscriptions) this.feed.remove(subscription);
    channel.subscriptions = [];
    const set = this.topics.get(channel.busTopic);
    set?.delete(channel);
    if (set?.size === 0) this.topics.delete(channel.busTopic);
    if (channel.tracking) {
      channel.tracking = false;
      const diff = this.presence.untrack(channel.busTopic, channel.id);
      if (diff) this.publishDiff(channel.busTopic, diff);
    }
  }

  async handle(connection: Connection, channel: Channel, message: PhoenixMessage): Promise<void> {
    switch (message.event) {
      case "phx_leave":
        connection.reply(message, "ok");
        connection.channels.delete(channel.topic);
        this.removeChannel(channel);
        return;
      case "access_token":
        await this.refreshToken(connection, channel, asObject(message.payload).access_token);
        return;
      case "broadcast":
        this.broadcastFrom(connection, channel, message);
        return;
      case "presence":
        this.presenceFrom(connection, channel, message);
        return;
      default:
        return;
    }
  }

  private async refreshToken(
    connection: Connection,
    channel: Channel,
    token: unknown,
  ): Promise<void> {
    if (typeof token !== "string" || token.startsWith("sb_") || token === channel.token) return;
    let claims: ApiClaims;
    try {
      claims = await verifyRealtimeToken(token, this.secret);
    } catch (error) {
      if (!(error instanceof RealtimeTokenError)) throw error;
      connection.shutdown(channel, error.message);
      return;
    }
    channel.claims = claims;
    channel.token = token;
    if (channel.isPrivate) {
      const before = channel.policies;
      channel.policies = await this.policiesFor(channel.name, channel.claims);
      const revoked =
        (before.broadcast.read && !channel.policies.broadcast.read) ||
        (before.presence.read && !channel.policies.presence.read);
      if (revoked) {
        connection.shutdown(
          channel,
          `You no longer have permission to read from this Channel topic: ${channel.name}`,
        );
        return;
      }
    }
    this.watchExpiry(connection, channel);
  }

  private payloadTooLarge(payload: unknown): boolean {
    return Buffer.byteLength(JSON.stringify(payload) ?? "") > this.limits.payloadBytes;
  }

  private broadcastFrom(connection: Connection, channel: Channel, message: PhoenixMessage): void {
    const payload = asObject(message.payload);
    if (!channel.policies.broadcast.write) return;
    if (this.payloadTooLarge(payload)) {
      if (channel.ackBroadcast) {
        connection.reply(message, "error", { reason: "payload_size_exceeded" });
      }
      return;
    }
    const event = typeof payload.event === "string" ? payload.event : "";
    const body = { ...payload, type: "broadcast", event };
    this.bus.publish({
      kind: "broadcast",
      topic: channel.busTopic,
      event,
      payload: body,
      sender: channel.id,
    });
    if (channel.ackBroadcast && message.ref !== null) connection.reply(message, "ok");
  }

  /** A broadcast sent over HTTP (POST /realtime/v1/api/broadcast). */
  broadcastFromServer(busTopic: string, event: string, payload: unknown): void {
    this.bus.publish({
      kind: "broadcast",
      topic: busTopic,
      event,
      payload: { type: "broadcast", event, payload },
    });
  }

  /** What a token may do on a private topic, for the HTTP broadcast. */
  async mayBroadcast(name: string, claims: ApiClaims): Promise<boolean> {
    if (claims.role === "service_role") return true;
    return (await this.policiesFor(name, claims)).broadcast.write;
  }

  payloadAllowed(payload: unknown): boolean {
    return !this.payloadTooLarge(payload);
  }

  private presenceFrom(connection: Connection, channel: Channel, message: PhoenixMessage): void {
    const payload = asObject(message.payload);
    if (!channel.presenceCalls.take()) {
      connection.shutdown(channel, "Client presence rate limit exceeded");
      return;
    }
    if (!channel.policies.presence.write) {
      connection.reply(message, "error", {});
      return;
    }
    const event = payload.event;
    if (event === "track") {
      const meta = payload.payload;
      if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
        connection.reply(message, "error", { reason: "Presence track payload must be a map" });
        return;
      }
      if (this.payloadTooLarge(meta)) {
        connection.shutdown(channel, "Track message size exceeded");
        return;
      }
      if (!channel.presenceEnabled) {
        channel.presenceEnabled = true;
        channel.push("presence_state", this.presence.state(channel.busTopic));
      }
      channel.tracking = true;
      const diff = this.presence.track(
        channel.busTopic,
        channel.id,
        channel.presenceKey,
        meta as Record<string, unknown>,
      );
      this.publishDiff(channel.busTopic, diff);
    } else if (event === "untrack") {
      channel.tracking = false;
      const diff = this.presence.untrack(channel.busTopic, channel.id);
      if (diff) this.publishDiff(channel.busTopic, diff);
    }
    connection.reply(message, "ok");
  }

  private publishDiff(topic: string, diff: PresenceDiff): void {
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
      case "broadcast":
        for (const channel of this.topics.get(message.topic) ?? []) {
          if (local && message.sender === channel.id && !channel.selfBroadcast) continue;
          if (!channel.policies.broadcast.read) continue;
          channel.push("broadcast", message.payload);
        }
        return;
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
