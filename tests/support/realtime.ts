import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel } from "@supabase/supabase-js";
import WebSocket from "ws";

/** Subscribes `channel` and resolves once joined; rejects with the reason it was refused. */
export function subscribed(channel: RealtimeChannel, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("not subscribed in time")), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        clearTimeout(timer);
        resolve();
      } else if (
        status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR ||
        status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT
      ) {
        clearTimeout(timer);
        reject(error ?? new Error(status));
      }
    });
  });
}

/** The subscribe callback's statuses, in order, with the error each came with. */
export function subscribeRecording(
  channel: RealtimeChannel,
): { status: string; error: Error | undefined }[] {
  const seen: { status: string; error: Error | undefined }[] = [];
  channel.subscribe((status, error) => seen.push({ status, error }));
  return seen;
}

/** What a channel heard, in order, and a way to wait for the first that matches. */
export class Heard<T> {
  readonly items: T[] = [];
  private waiters: { match: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.match(item)) return true;
      waiter.resolve(item);
      return false;
    });
  };

  next(match: (item: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
    const found = this.items.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`nothing matching was heard in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

/**
 * Waits until everything the server wrote to this channel's socket before now has arrived: a
 * broadcast the server acknowledges comes back after it, on the same connection. The channel
 * must be joined with `broadcast: { ack: true }`.
 */
export async function roundTrip(channel: RealtimeChannel): Promise<void> {
  const answer = await channel.send({ type: "broadcast", event: "round-trip", payload: {} });
  if (answer !== "ok") throw new Error(`the round trip answered ${answer}`);
}

/** A raw realtime socket, for what supabase-js would never send: its frames as parsed JSON. */
export async function rawSocket(
  serverUrl: string,
  query: string,
  address: string,
): Promise<{ socket: WebSocket; frames: Heard<unknown[]> }> {
  const url = `${serverUrl.replace(/^http/u, "ws")}/realtime/v1/websocket?${query}`;
  const socket = new WebSocket(url, { headers: { "x-forwarded-for": address } });
  const frames = new Heard<unknown[]>();
  socket.on("message", (data) => {
    const bytes =
      data instanceof ArrayBuffer
        ? Buffer.from(data)
        : Array.isArray(data)
          ? Buffer.concat(data)
          : data;
    frames.push(JSON.parse(bytes.toString("utf8")) as unknown[]);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, frames };
}

/** Resolves with the socket's close code once it is closed (-1 when it already was). */
export function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(-1);
    socket.once("close", (code) => resolve(code));
  });
}
