import http from "node:http";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { clientFor, contractTarget, type ContractTarget } from "../support/contract-target.ts";
import {
  closed,
  Heard,
  rawSocket as openRawSocket,
  roundTrip,
  subscribed,
  subscribeRecording,
} from "../support/realtime.ts";
import { createMember } from "../support/member.ts";

// Broadcast, presence and private channels through supabase-js, and the socket's limits and
// answers to bad input, as Supabase Realtime gives them.
let target: ContractTarget;
let service: SupabaseClient;
let anon: SupabaseClient;
let member: SupabaseClient;
let colleague: SupabaseClient;
let stranger: SupabaseClient;

const limits = {
  channelsPerConnection: 5,
  connectionsPerAddress: 20,
  joinsPerSecond: 30,
  payloadBytes: 4000,
};

beforeAll(async () => {
  // Each limit test speaks from an address of its own (as a proxy names it), so that the
  // address's budgets are its own.
  target = await contractTarget({ realtime: limits, trustProxyHeader: "x-forwarded-for" });
  service = clientFor(target, target.serviceRoleKey);
  anon = clientFor(target, target.anonKey);
  member = await createMember(target, { invitedBy: service });
  colleague = await createMember(target, { invitedBy: service });
  stranger = await createMember(target, { invitedBy: service, team: false });
});
afterAll(async () => {
  for (const client of [service, anon, member, colleague, stranger]) {
    await client?.removeAllChannels();
  }
  await target.close();
});

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** A raw socket, for what supabase-js would never send. */
let addresses = 0;
/** An address no other test speaks from. */
const freshAddress = () => `198.51.100.${++addresses}`;

function rawSocket(address = freshAddress(), query = `apikey=${target.anonKey}&vsn=2.0.0`) {
  return openRawSocket(target.url, query, address);
}

describe("broadcast", () => {
  it("reaches the others on the topic; the sender only with self, and an ack when asked", async () => {
    const topic = unique("room");
    const heardByColleague = new Heard<{ event: string; payload: unknown }>();
    const theirs = colleague.channel(topic).on("broadcast", { event: "*" }, heardByColleague.push);
    await subscribed(theirs);
    const heardBySelf = new Heard<{ event: string; payload: unknown }>();
    const quiet = member
      .channel(topic, { config: { broadcast: { ack: true } } })
      .on("broadcast", { event: "*" }, heardBySelf.push);
    await subscribed(quiet);

    expect(await quiet.send({ type: "broadcast", event: "cursor", payload: { x: 1 } })).toBe("ok");
    expect(await heardByColleague.next()).toMatchObject({
      type: "broadcast",
      event: "cursor",
      payload: { x: 1 },
    });
    await roundTrip(quiet);
    expect(heardBySelf.items.filter((item) => item.event === "cursor")).toEqual([]);
    await member.removeChannel(quiet);

    const echoing = member
      .channel(topic, { config: { broadcast: { self: true } } })
      .on("broadcast", { event: "hello" }, heardBySelf.push);
    await subscribed(echoing);
    await echoing.send({ type: "broadcast", event: "hello", payload: { مرحبا: "أهلا" } });
    expect((await heardBySelf.next((item) => item.event === "hello")).payload).toEqual({
      مرحبا: "أهلا",
    });
    await member.removeChannel(echoing);
    await colleague.removeChannel(theirs);
  });

  it("is sent over HTTP to a public topic, and to a private one only as its policies allow", async () => {
    const topic = `team:${unique("notes")}`;
    const heard = new Heard<{ event: string; payload: unknown }>();
    const listening = member
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, heard.push);
    await subscribed(listening);

    const post = (key: string, body: unknown) =>
      target.fetch(`${target.url}/realtime/v1/api/broadcast`, {
        method: "POST",
        headers: { apikey: target.anonKey, authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    const message = { topic, event: "saved", payload: { section: "stories" }, private: true };
    const refused = await post(target.anonKey, { messages: [message] });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: "Unauthorized" });
    const { data } = await colleague.auth.getSession();
    const accepted = await post(data.session!.access_token, { messages: [message] });
    expect(accepted.status).toBe(202);
    expect(await heard.next()).toMatchObject({ event: "saved", payload: { section: "stories" } });

    const malformed = await post(target.serviceRoleKey, { messages: [{ topic }] });
    expect(malformed.status).toBe(422);
    await member.removeChannel(listening);
  });
});

describe("a broadcast of bytes over HTTP", () => {
  it("reaches a subscriber on vsn 2.0.0 as exactly the bytes httpSend (or the socket) sent", async () => {
    const topic = unique("audio");
    const heard = new Heard<{ event: string; payload: unknown }>();
    const listening = colleague.channel(topic).on("broadcast", { event: "*" }, heard.push);
    await subscribed(listening);
    const sent = Uint8Array.from({ length: 512 }, (_, index) => (index * 7) % 256);

    const sender = member.channel(topic);
    await expect(sender.httpSend("chunk", sent)).resolves.toEqual({ success: true });
    const message = await heard.next((item) => item.event === "chunk");
    expect(message).toMatchObject({ type: "broadcast", event: "chunk" });
    expect(message.payload).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(message.payload as ArrayBuffer)).toEqual(sent);

    await sender.httpSend("empty", new ArrayBuffer(0));
    const empty = await heard.next((item) => item.event === "empty");
    expect((empty.payload as ArrayBuffer).byteLength).toBe(0);

    // The same bytes sent on the socket (realtime-js's binary push) arrive as sent too.
    await subscribed(sender);
    expect(await sender.send({ type: "broadcast", event: "live", payload: sent.buffer })).toBe(
      "ok",
    );
    const live = await heard.next((item) => item.event === "live");
    expect(new Uint8Array(live.payload as ArrayBuffer)).toEqual(sent);
    await member.removeChannel(sender);
    await colleague.removeChannel(listening);
  });

  it("is refused past the payload limit, in another media type, and on a private topic its policies close", async () => {
    const sender = member.channel(unique("audio"));
    await expect(sender.httpSend("big", new Uint8Array(limits.payloadBytes + 1))).rejects.toThrow(
      "Payload too large",
    );
    const stranger = anon.channel(`team:${unique("notes")}`, { config: { private: true } });
    await expect(stranger.httpSend("secret", new Uint8Array([1, 2, 3]))).rejects.toThrow(
      "Unauthorized",
    );
    const asText = await target.fetch(`${target.url}/realtime/v1/api/broadcast/room/events/e`, {
      method: "POST",
      headers: {
        apikey: target.anonKey,
        authorization: `Bearer ${target.anonKey}`,
        "content-type": "text/plain",
      },
      body: "hello",
    });
    expect(asText.status).toBe(415);
    expect(await asText.json()).toEqual({
      error: "Unsupported Media Type. Use application/json or application/octet-stream",
    });
    await member.removeChannel(sender);
    await anon.removeChannel(stranger);
  });
});

describe("presence", () => {
  it("syncs who is here, with joins and leaves", async () => {
    const topic = unique("editor");
    const mine = member.channel(topic, { config: { presence: { key: "layla" } } });
    const synced = new Heard<Record<string, unknown>>();
    const joins = new Heard<{ key: string }>();
    const leaves = new Heard<{ key: string }>();
    mine
      .on("presence", { event: "sync" }, () => synced.push(mine.presenceState()))
      .on("presence", { event: "join" }, joins.push)
      .on("presence", { event: "leave" }, leaves.push);
    await subscribed(mine);
    expect(await mine.track({ name: "Layla", section: "stories" })).toBe("ok");
    await joins.next((item) => item.key === "layla");

    const theirs = colleague.channel(topic, { config: { presence: { key: "omar" } } });
    await subscribed(theirs);
    await theirs.track({ name: "Omar", section: "links" });
    await joins.next((item) => item.key === "omar");
    const state = await synced.next((value) => "omar" in value && "layla" in value);
    expect(state).toMatchObject({
      layla: [{ name: "Layla", section: "stories" }],
      omar: [{ name: "Omar", section: "links" }],
    });

    await colleague.removeChannel(theirs);
    await leaves.next((item) => item.key === "omar");
    expect(Object.keys(mine.presenceState())).toEqual(["layla"]);
    await member.removeChannel(mine);
  });

  it("holds one entry per key when a member tracks again, as the editor's moves do", async () => {
    const topic = unique("editor");
    const mine = member.channel(topic, { config: { presence: { key: "layla" } } });
    const theirs = colleague.channel(topic, { config: { presence: { key: "omar" } } });
    const seen = new Heard<Record<string, { section?: string }[]>>();
    theirs.on("presence", { event: "sync" }, () =>
      seen.push(theirs.presenceState<{ section: string }>()),
    );
    await subscribed(theirs);
    await subscribed(mine);
    for (const section of ["stories", "links", "program"]) {
      expect(await mine.track({ section })).toBe("ok");
      const state = await seen.next((value) => value.layla?.[0]?.section === section);
      expect(state.layla).toHaveLength(1);
    }
    // The move's leave, arriving after its join, must not take the new entry away.
    await roundTrip(theirs);
    expect(theirs.presenceState<{ section: string }>().layla).toMatchObject([
      { section: "program" },
    ]);
    await member.removeChannel(mine);
    await colleague.removeChannel(theirs);
  });
});

describe("private channels", () => {
  it("let team members in, and refuse anyone whose policies on realtime.messages do not", async () => {
    const topic = `team:${unique("site-editor")}`;
    await subscribed(member.channel(topic, { config: { private: true } }));
    for (const outsider of [stranger, anon]) {
      const seen = subscribeRecording(outsider.channel(topic, { config: { private: true } }));
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(seen[0]).toMatchObject({ status: "CHANNEL_ERROR" });
      expect(seen[0]?.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
    }
    const elsewhere = subscribeRecording(
      member.channel(unique("not-team"), { config: { private: true } }),
    );
    await expect.poll(() => elsewhere[0]?.status, { timeout: 10_000 }).toBe("CHANNEL_ERROR");
  });
});

describe("tokens", () => {
  it("ends the channel when its token expires, and refuses an expired one at the join", async () => {
    const secret = new TextEncoder().encode(target.jwtSecret);
    const { data } = await member.auth.getUser();
    const token = (seconds: number) =>
      new SignJWT({ role: "authenticated", sub: data.user!.id, aal: "aal2" })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(secret);
    const client = clientFor(target, target.anonKey);
    await client.realtime.setAuth(await token(2));
    const system = new Heard<{ extension: string; status: string; message: string }>();
    const channel = client.channel(unique("expiring")).on("system", {}, system.push);
    const statuses = subscribeRecording(channel);
    await expect.poll(() => statuses[0]?.status, { timeout: 10_000 }).toBe("SUBSCRIBED");
    const ended = await system.next((item) => item.extension === "system", 10_000);
    expect(ended.status).toBe("error");
    expect(ended.message).toMatch(/^Token has expired \d+ seconds ago$/u);
    await expect.poll(() => statuses.map((entry) => entry.status)).toContain("CLOSED");

    // An expired token is refused at the join, with realtime's words.
    const late = clientFor(target, target.anonKey);
    await late.realtime.setAuth(await token(-10));
    const refused = subscribeRecording(late.channel(unique("late")));
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(refused[0]?.error?.message).toMatch(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/u,
    );
    await client.removeAllChannels();
    await late.removeAllChannels();
  });

  it("refuses a socket without a project key, or with a forged one", async () => {
    for (const [query, message] of [
      ["vsn=2.0.0", "API key is missing"],
      ["apikey=not.a.token&vsn=2.0.0", "The token provided is not a valid JWT"],
    ] as const) {
      expect(await refusedUpgrade(query)).toEqual({ status: 401, body: { error: message } });
    }
  });
});

describe("limits and bad input", () => {
  it("answers malformed frames, unknown topics and events, and the socket lives on", async () => {
    const { socket, frames } = await rawSocket();
    socket.send("not json");
    socket.send(JSON.stringify({ not: "an array" }));
    socket.send(Buffer.from([9, 9, 9]));
    socket.send(JSON.stringify([null, "1", "realtime:nowhere", "broadcast", {}]));
    expect(await frames.next((frame) => frame[1] === "1")).toEqual([
      null,
      "1",
      "realtime:nowhere",
      "phx_reply",
      { status: "error", response: { reason: "unmatched topic" } },
    ]);
    socket.send(JSON.stringify(["2", "2", "realtime:", "phx_join", {}]));
    expect((await frames.next((frame) => frame[1] === "2"))[4]).toEqual({
      status: "error",
      response: { reason: "TopicNameRequired: You must provide a topic name" },
    });
    socket.send(JSON.stringify([null, "3", "phoenix", "heartbeat", {}]));
    expect((await frames.next((frame) => frame[1] === "3"))[4]).toEqual({
      status: "ok",
      response: {},
    });
    socket.close();
  });

  it("refuses channels past the limit, joins too fast, and payloads too large", async () => {
    const { socket, frames } = await rawSocket();
    for (let index = 0; index < limits.channelsPerConnection + 1; index++) {
      socket.send(JSON.stringify([`j${index}`, `j${index}`, `realtime:c${index}`, "phx_join", {}]));
    }
    const last = `j${limits.channelsPerConnection}`;
    expect((await frames.next((frame) => frame[1] === last))[4]).toEqual({
      status: "error",
      response: { reason: "ChannelRateLimitReached: Too many channels" },
    });
    socket.send(
      JSON.stringify([
        "j0",
        "big",
        "realtime:c0",
        "broadcast",
        {
          type: "broadcast",
          event: "x",
          payload: { text: "x".repeat(limits.payloadBytes) },
        },
      ]),
    );
    await roundTripRaw(socket, frames, "after-big");
    expect(frames.items.filter((frame) => frame[3] === "broadcast")).toEqual([]);
    socket.close();

    // Two sockets of one address share its joins: half the limit each, and a little more.
    const address = freshAddress();
    const first = await rawSocket(address);
    const flood = await rawSocket(address);
    const half = limits.joinsPerSecond / 2 + 1;
    for (let index = 0; index < half; index++) {
      first.socket.send(
        JSON.stringify([`a${index}`, `a${index}`, "realtime:same", "phx_join", {}]),
      );
    }
    await first.frames.next((frame) => frame[1] === `a${half - 1}`);
    for (let index = 0; index < half; index++) {
      flood.socket.send(
        JSON.stringify([`f${index}`, `f${index}`, "realtime:same", "phx_join", {}]),
      );
    }
    const refusal = await flood.frames.next(
      (frame) =>
        (frame[4] as { response?: { reason?: string } }).response?.reason ===
        "ClientJoinRateLimitReached: Too many joins per second",
    );
    expect(refusal[3]).toBe("phx_reply");
    expect(await closed(flood.socket)).toBe(1000);
    first.socket.close();
  });

  it("closes a socket that sends too many messages a second, or a frame past the payload limit", async () => {
    const { socket, frames } = await rawSocket();
    socket.send(JSON.stringify(["1", "1", "realtime:flood", "phx_join", {}]));
    await frames.next((frame) => frame[1] === "1");
    for (let index = 0; index < 120; index++) {
      socket.send(
        JSON.stringify([
          "1",
          null,
          "realtime:flood",
          "broadcast",
          { type: "broadcast", event: "x", payload: {} },
        ]),
      );
    }
    const shutdown = await frames.next((frame) => frame[3] === "system");
    expect(shutdown[4]).toEqual({
      extension: "system",
      status: "error",
      message: "Too many messages per second",
      channel: "flood",
    });
    expect(await closed(socket)).toBe(1000);

    const big = await rawSocket();
    big.socket.send("x".repeat(limits.payloadBytes + 80 * 1024));
    expect(await closed(big.socket)).toBe(1009);
  });

  it("refuses a presence that is not a map, and one tracked too often", async () => {
    const { socket, frames } = await rawSocket();
    socket.send(JSON.stringify(["1", "1", "realtime:busy", "phx_join", {}]));
    await frames.next((frame) => frame[1] === "1");
    const track = (ref: string, payload: unknown) =>
      socket.send(
        JSON.stringify([
          "1",
          ref,
          "realtime:busy",
          "presence",
          { type: "presence", event: "track", payload },
        ]),
      );
    track("p0", "just words");
    expect((await frames.next((frame) => frame[1] === "p0"))[4]).toEqual({
      status: "error",
      response: { reason: "Presence track payload must be a map" },
    });
    for (let index = 1; index <= 10; index++) track(`p${index}`, { at: index });
    const shutdown = await frames.next((frame) => frame[3] === "system");
    expect((shutdown[4] as { message: string }).message).toBe(
      "Client presence rate limit exceeded",
    );
    socket.close();
  });

  it("closes sockets from one address past the limit with 429", async () => {
    const address = freshAddress();
    const open = [];
    for (let index = 0; index < limits.connectionsPerAddress; index++) {
      open.push(await rawSocket(address));
    }
    const refusal = await refusedUpgrade(`apikey=${target.anonKey}&vsn=2.0.0`, address);
    expect(refusal).toEqual({ status: 429, body: { error: "Too many connected users" } });
    for (const { socket } of open) socket.close();
  });
});

describe("the realtime client's own calls", () => {
  it("connects, answers heartbeats, lists and removes channels, and disconnects", async () => {
    const client = clientFor(target, target.anonKey);
    const realtime = client.realtime;
    const heartbeats: string[] = [];
    realtime.onHeartbeat((status) => heartbeats.push(status));
    realtime.connect();
    await expect.poll(() => realtime.connectionState()).toBe("open");
    expect(realtime.isConnected()).toBe(true);
    await realtime.sendHeartbeat();
    await expect.poll(() => heartbeats).toContain("ok");

    const first = client.channel(unique("one"));
    const second = client.channel(unique("two"));
    await subscribed(first);
    await subscribed(second);
    expect(realtime.getChannels()).toHaveLength(2);
    expect(await client.removeChannel(first)).toBe("ok");
    expect(realtime.getChannels()).toEqual([second]);
    expect(await client.removeAllChannels()).toEqual(["ok"]);
    expect(realtime.getChannels()).toEqual([]);
    await realtime.disconnect();
    await expect.poll(() => realtime.connectionState()).toBe("closed");
  });

  it("joins a private channel with the token setAuth gives", async () => {
    const topic = `team:${unique("auth")}`;
    const { data } = await member.auth.getSession();
    const token = data.session!.access_token;
    const manual = clientFor(target, target.anonKey);
    manual.realtime.connect();
    await manual.realtime.setAuth(token);
    const joined = manual.channel(topic, { config: { private: true } });
    await subscribed(joined);
    expect(joined.state).toBe("joined");
    await manual.removeAllChannels();
  });
});

describe("reconnecting", () => {
  it("rejoins by itself after the server drops the socket, and hears the next change", async () => {
    const heard = new Heard<{ event: string }>();
    const channel: RealtimeChannel = member
      .channel(unique("resilient"))
      .on("broadcast", { event: "*" }, heard.push);
    const statuses = subscribeRecording(channel);
    await expect.poll(() => statuses.at(-1)?.status, { timeout: 10_000 }).toBe("SUBSCRIBED");
    const before = statuses.length;
    target.dropRealtimeSockets?.();
    await expect
      .poll(() => statuses.slice(before).map((entry) => entry.status), { timeout: 15_000 })
      .toContain("SUBSCRIBED");
    await service.channel(channel.subTopic).httpSend("after", { ok: true });
    expect(await heard.next((item) => item.event === "after", 10_000)).toMatchObject({
      payload: { ok: true },
    });
    await member.removeChannel(channel);
  });
});

/** Asks for a WebSocket with `query` and answers the HTTP refusal's status and body. */
function refusedUpgrade(
  query: string,
  address = freshAddress(),
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${target.url}/realtime/v1/websocket?${query}`, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        "x-forwarded-for": address,
      },
    });
    request.on("upgrade", (_response, socket) => {
      socket.destroy();
      reject(new Error("the socket was opened"));
    });
    request.on("response", (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) as unknown }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

async function roundTripRaw(
  socket: WebSocket,
  frames: Heard<unknown[]>,
  ref: string,
): Promise<void> {
  socket.send(JSON.stringify([null, ref, "phoenix", "heartbeat", {}]));
  await frames.next((frame) => frame[1] === ref);
}
