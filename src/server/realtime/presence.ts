// Presence as Phoenix.Presence shapes it: a topic's state is {key: {metas: [{phx_ref, ...}]}},
// and each change is a diff {joins, leaves}. What this instance's channels track is its own; what
// the other instances track is learnt from their diffs, asked for when this one starts, and
// forgotten when an instance stops saying it is alive.
import { randomBytes } from "node:crypto";

type Meta = Record<string, unknown>;
export type PresenceState = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Tracked {
  key: string;
  meta: Meta;
}

function phxRef(): string {
  return randomBytes(8).toString("base64url");
}

function add(state: PresenceState, key: string, meta: Meta): void {
  (state[key] ??= { metas: [] }).metas.push(meta);
}

export const remoteInstanceTimeoutMs = 30_000;

export class PresenceTracker {
  /** topic → channel id → what that channel tracks. */
  private readonly local = new Map<string, Map<string, Tracked>>();
  /** instance → last heard, and topic → key → metas. */
  private readonly remote = new Map<
    string,
    { seen: number; topics: Map<string, Map<string, Meta[]>> }
  >();

  state(topic: string): PresenceState {
    const state: PresenceState = {};
    for (const tracked of this.local.get(topic)?.values() ?? []) {
      add(state, tracked.key, tracked.meta);
    }
    for (const instance of this.remote.values()) {
      for (const [key, metas] of instance.topics.get(topic) ?? []) {
        for (const meta of metas) add(state, key, meta);
      }
    }
    return state;
  }

  /** Tracks (or updates) what `channelId` shows under `key`; answers the diff to send. */
  track(topic: string, channelId: string, key: string, payload: Meta): PresenceDiff {
    let channels = this.local.get(topic);
    if (!channels) {
      channels = new Map();
      this.local.set(topic, channels);
    }
    const previous = channels.get(channelId);
    const meta: Meta = { ...payload, phx_ref: phxRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    channels.set(channelId, { key, meta });
    const diff: PresenceDiff = { joins: {}, leaves: {} };
    add(diff.joins, key, meta);
    if (previous) add(diff.leaves, previous.key, previous.meta);
    return diff;
  }

  /** Stops tracking `channelId`; answers the diff to send, or undefined when it tracked nothing. */
  untrack(topic: string, channelId: string): PresenceDiff | undefined {
    const channels = this.local.get(topic);
    const previous = channels?.get(channelId);
    if (!channels || !previous) return undefined;
    channels.delete(channelId);
    if (channels.size === 0) this.local.delete(topic);
    const diff: PresenceDiff = { joins: {}, leaves: {} };
    add(diff.leaves, previous.key, previous.meta);
    return diff;
  }

  /** Everything this instance tracks, for another instance that asks. */
  localState(): Record<string, Record<string, Meta[]>> {
    const topics: Record<string, Record<string, Meta[]>> = {};
    for (const [topic, channels] of this.local) {
      const keys: Record<string, Meta[]> = {};
      for (const tracked of channels.values()) (keys[tracked.key] ??= []).push(tracked.meta);
      topics[topic] = keys;
    }
    return topics;
  }

  /** How many other instances are known to be alive. */
  otherInstances(): number {
    return this.remote.size;
  }

  heardFrom(instance: string): void {
    const entry = this.remote.get(instance);
    if (entry) entry.seen = Date.now();
    else this.remote.set(instance, { seen: Date.now(), topics: new Map() });
  }

  applyRemoteState(instance: string, topics: Record<string, Record<string, Meta[]>>): void {
    this.heardFrom(instance);
    const entry = this.remote.get(instance)!;
    entry.topics = new Map(
      Object.entries(topics).map(([topic, keys]) => [topic, new Map(Object.entries(keys))]),
    );
  }

  applyRemoteDiff(instance: string, topic: string, diff: PresenceDiff): void {
    this.heardFrom(instance);
    const entry = this.remote.get(instance)!;
    let keys = entry.topics.get(topic);
    if (!keys) {
      keys = new Map();
      entry.topics.set(topic, keys);
    }
    for (const [key, { metas }] of Object.entries(diff.leaves)) {
      const refs = new Set(metas.map((meta) => meta.phx_ref));
      const kept = (keys.get(key) ?? []).filter((meta) => !refs.has(meta.phx_ref));
      if (kept.length > 0) keys.set(key, kept);
      else keys.delete(key);
    }
    for (const [key, { metas }] of Object.entries(diff.joins)) {
      keys.set(key, [...(keys.get(key) ?? []), ...metas]);
    }
  }

  /** Forgets instances not heard from (or that said bye); answers the diffs their loss makes. */
  forget(
    predicate: (instance: string, seen: number) => boolean,
  ): { topic: string; diff: PresenceDiff }[] {
    const diffs: { topic: string; diff: PresenceDiff }[] = [];
    for (const [instance, entry] of this.remote) {
      if (!predicate(instance, entry.seen)) continue;
      this.remote.delete(instance);
      for (const [topic, keys] of entry.topics) {
        const diff: PresenceDiff = { joins: {}, leaves: {} };
        for (const [key, metas] of keys) for (const meta of metas) add(diff.leaves, key, meta);
        if (Object.keys(diff.leaves).length > 0) diffs.push({ topic, diff });
      }
    }
    return diffs;
  }
}
