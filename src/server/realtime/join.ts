// A join resolved as data: its token's claims, a private channel's policies and its
// postgres_changes requests matched to published tables, all awaited here while nothing shared
// is touched. The registry then attaches the result in one synchronous step (hub.ts), or refuses
// it when the socket closed meanwhile.
import { createHash } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { ApiClaims } from "../http/context.ts";
import { channelPolicies } from "./authorization.ts";
import type { ChangeEvent } from "./change-feed.ts";
import { FilterError, parseChangeFilters, type ChangeFilter } from "./change-filter.ts";
import { openPolicies, type ChannelOptions, type ChannelPolicies } from "./channel.ts";
import type { PhoenixMessage } from "./protocol.ts";
import type { PublishedTable, PublishedTables } from "./published-tables.ts";
import { RealtimeTokenError, verifyRealtimeToken } from "./tokens.ts";

/** Each subscription is matched against every change to its table: a join may ask for this many. */
export const maxChangeRequests = 100;

/** The topics whose presence keys are their members' own ids, not what a client chooses. */
const memberTopicPrefix = "team:";

export interface JoinContext {
  db: Database;
  secret: Uint8Array;
  tables: PublishedTables;
}

interface ChangeRequest {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

/** A postgres_changes subscription as plain data: what the registry hands the change feed. */
export interface SubscriptionRequest {
  id: number;
  event: ChangeEvent;
  table: PublishedTable;
  filters: ChangeFilter[];
}

/** A join resolved: the channel to make, and what its reply and feed subscriptions need. */
export interface JoinPlan extends ChannelOptions {
  /** The join reply's postgres_changes, each request with its id. */
  replies: Record<string, unknown>[];
  /** Whether the join asked for postgres_changes at all (a system message answers it). */
  askedForChanges: boolean;
  subscriptions: SubscriptionRequest[];
  /** Why the changes asked for cannot be heard: the first problem found, if any. */
  problem: string | undefined;
}

export type Resolved = { refused: string } | { plan: JoinPlan };

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function flag(value: unknown): boolean {
  return value === true || value === "true";
}

/** The id a subscription's reply names, stable for the same parameters, as hosted's phash2. */
function subscriptionId(params: ChangeRequest): number {
  const digest = createHash("sha1").update(JSON.stringify(params)).digest();
  return digest.readUInt32BE(0) % 100_000_000;
}

function describeRequest(request: ChangeRequest, parsed: ChangeFilter[]): string {
  const filters = `[${parsed
    .map((filter) => `{"${filter.column}", "${filter.operator}", "${filter.values.join(",")}"}`)
    .join(", ")}]`;
  return `event: ${request.event}, schema: ${request.schema}, table: ${request.table ?? "*"}, filters: ${filters}`;
}

/** The token a message carries, or the socket's project key when it names none. */
export function tokenOf(payload: unknown, fallback: string): string {
  const token = asObject(payload).access_token;
  return typeof token === "string" && !token.startsWith("sb_") ? token : fallback;
}

export async function resolveJoin(
  context: JoinContext,
  message: PhoenixMessage,
  apiKey: string,
): Promise<Resolved> {
  const payload = asObject(message.payload);
  const config = asObject(payload.config);
  const token = tokenOf(payload, apiKey);
  let claims: ApiClaims;
  try {
    claims = await verifyRealtimeToken(token, context.secret);
  } catch (error) {
    if (!(error instanceof RealtimeTokenError)) throw error;
    return { refused: error.reason };
  }

  const name = message.topic.slice("realtime:".length);
  const isPrivate = flag(config.private);
  let policies = openPolicies;
  if (isPrivate) {
    policies = await channelPolicies(context.db, name, claims);
    if (!policies.broadcast.read && !policies.presence.read) {
      return {
        refused: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
      };
    }
  }

  const requests = Array.isArray(config.postgres_changes)
    ? (config.postgres_changes as unknown[]).filter((entry) => entry !== null)
    : [];
  if (requests.length > maxChangeRequests) {
    return {
      refused: `InvalidJoinPayload: at most ${maxChangeRequests} postgres_changes a channel`,
    };
  }
  const replies: Record<string, unknown>[] = [];
  const subscriptions: SubscriptionRequest[] = [];
  let problem: string | undefined;
  for (const entry of requests) {
    const request = asObject(entry) as unknown as ChangeRequest;
    replies.push({ ...asObject(entry), id: subscriptionId(request) });
    const made = await subscriptionsFor(context.tables, request);
    if (typeof made === "string") problem ??= made;
    else subscriptions.push(...made);
  }

  const broadcast = asObject(config.broadcast);
  const presence = asObject(config.presence);
  const chosenKey = typeof presence.key === "string" && presence.key !== "" ? presence.key : "";
  // On the team's channels a member is shown as who they are: nobody may appear as another.
  const presenceKey =
    isPrivate && name.startsWith(memberTopicPrefix) && typeof claims.sub === "string"
      ? claims.sub
      : chosenKey || crypto.randomUUID();
  return {
    plan: {
      topic: message.topic,
      joinRef: message.joinRef,
      isPrivate,
      selfBroadcast: flag(broadcast.self),
      ackBroadcast: flag(broadcast.ack),
      presenceKey,
      presenceEnabled: flag(presence.enabled),
      claims,
      token,
      policies,
      replies,
      askedForChanges: requests.length > 0,
      subscriptions: problem === undefined ? subscriptions : [],
      problem,
    },
  };
}

async function subscriptionsFor(
  tables: PublishedTables,
  request: ChangeRequest,
): Promise<SubscriptionRequest[] | string> {
  const event = String(request.event ?? "").toUpperCase();
  const schema = typeof request.schema === "string" ? request.schema : "";
  const tableName = typeof request.table === "string" ? request.table : "*";
  let filters: ChangeFilter[] = [];
  const unable = (detail?: string) =>
    detail
      ? `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeRequest(request, filters)}]. Exception: ${detail}`
      : `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeRequest(request, filters)}]`;
  if (!["INSERT", "UPDATE", "DELETE", "*"].includes(event) || schema === "") {
    return unable("ERROR 22023 (invalid_parameter_value) invalid event or schema");
  }
  if (typeof request.filter === "string" && request.filter !== "") {
    try {
      filters = parseChangeFilters(request.filter);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      return unable(`ERROR P0001 (raise_exception) ${error.message}`);
    }
  }
  const matched = await tables.matching(schema, tableName);
  if (matched.length === 0) return unable();
  for (const { column } of filters) {
    const missing = matched.find((table) => !table.columns.some((entry) => entry.name === column));
    if (missing) return unable(`ERROR P0001 (raise_exception) invalid column for filter ${column}`);
  }
  const id = subscriptionId(request);
  return matched.map((table) => ({ id, event: event as ChangeEvent, table, filters }));
}

/** A token refresh resolved as data: the new claims and policies, or why the channel ends. */
export async function resolveRefresh(
  context: JoinContext,
  name: string,
  isPrivate: boolean,
  token: string,
): Promise<{ ended: string } | { claims: ApiClaims; policies: ChannelPolicies | undefined }> {
  let claims: ApiClaims;
  try {
    claims = await verifyRealtimeToken(token, context.secret);
  } catch (error) {
    if (!(error instanceof RealtimeTokenError)) throw error;
    return { ended: error.message };
  }
  const policies = isPrivate ? await channelPolicies(context.db, name, claims) : undefined;
  return { claims, policies };
}
