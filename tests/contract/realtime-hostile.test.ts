import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendChunkedJson } from "../support/chunked-body.ts";
import { createMember, type MintedMember } from "../support/member.ts";
import { closed, rawSocket } from "../support/realtime.ts";
import { rssGrowth } from "../support/rss.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// Realtime against a client that means harm: every frame counted, nothing left behind by a
// socket that vanishes mid-join or mid-refresh, what one address holds bounded, and a member
// removed from the team cut off without waiting for a token refresh. Our server only: these
// read its registry.
let server: TestServer;
let member: MintedMember;

const limits = {
  connectionsPerAddress: 20,
  channelsPerConnection: 10,
  joinsPerSecond: 200,
  eventsPerSecond: 50,
  bytesPerSecond: 200_000,
  payloadBytes: 12_000,
  subscriptionsPerAddress: 150,
  presenceBytesPerAddress: 6000,
  authorizationCheckMs: 500,
};

beforeAll(async () => {
  server = await startTestServer({
    realtime: limits,
    trustProxyHeader: "x-forwarded-for",
    metrics: true,
  });
  member = await createMember(server);
});
afterAll(async () => {
  await server.close();
});

let addresses = 0;
const freshAddress = () => `203.0.113.${++addresses}`;
const anonSocket = (address = freshAddress()) =>
  rawSocket(server.url, `apikey=${server.keys.anon}&vsn=2.0.0`, address);

function join(topic: string, ref: string, payload: Record<string, unknown> = {}): string {
  return JSON.stringify([ref, ref, `realtime:${topic}`, "phx_join", payload]);
}

function changes(count: number) {
  return Array.from({ length: count }, () => ({
    event: "*",
    schema: "public",
    table: "contact_submissions",
  }));
}

const nothingHeld = {
  sockets: 0,
  channels: 0,
  subscriptions: 0,
  presenceBytes: 0,
  addresses: 0,
};

async function gauge(name: string): Promise<number> {
  const text = await server.metrics!.registry.metrics();
  const line = text.split("\n").find((entry) => entry.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
}

/**
 * Holds realtime.messages locked, so that private channels' policies (which probe it) wait;
 * answers the function that lets them go.
 */
async function lockPolicies(): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const transaction = server.db.transaction(async (tx) => {
    await tx.query("lock table realtime.messages in access exclusive mode");
    locked();
    await released;
  });
  await holding;
  return async () => {
    release();
    await transaction;
  };
}

/**
 * Closes `sockets` while their joins or refreshes wait on the lock, lets those finish, and
 * checks that nothing came back: the ledger empty and no subscription left in the feed, then or
 * half a second later.
 */
async function vanishWhileLocked(
  sockets: { socket: { terminate(): void } }[],
  unlock: () => Promise<void>,
): Promise<void> {
  const hub = server.realtime!.hub;
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const { socket } of sockets) socket.terminate();
  await expect.poll(() => hub.stats().sockets).toBe(0);
  await unlock();
  await expect.poll(() => hub.held()).toEqual(nothingHeld);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(hub.feed.count()).toBe(0);
}

function answered(path: string): Promise<number> {
  return server.fetch(`${server.url}${path}`).then((response) => response.status);
}

describe("a socket that vanishes", () => {
  it("mid-join leaves nothing in the ledger, the feed or the gauges", async () => {
    const token = await member.bearer();
    const hub = server.realtime!.hub;
    const sockets = await Promise.all(Array.from({ length: 30 }, () => anonSocket()));
    // The joins wait on the private channel's policies while the table they probe is locked, and
    // their sockets close meanwhile.
    const unlock = await lockPolicies();
    for (const [index, { socket }] of sockets.entries()) {
      socket.send(
        join(`team:vanish-${index}`, "1", {
          access_token: token,
          config: { private: true, postgres_changes: changes(10) },
        }),
      );
    }
    await vanishWhileLocked(sockets, unlock);
    expect(hub.held()).toEqual(nothingHeld);
    expect(await gauge("kalima_realtime_subscriptions")).toBe(0);
    expect(await gauge("kalima_realtime_channels")).toBe(0);
    expect(await gauge("kalima_realtime_sockets")).toBe(0);
  });

  it("mid-refresh leaves nothing either, though the new token names another role", async () => {
    const token = await member.bearer();
    const hub = server.realtime!.hub;
    const sockets = await Promise.all(Array.from({ length: 10 }, () => anonSocket()));
    for (const [index, { socket, frames }] of sockets.entries()) {
      socket.send(
        join(`team:refresh-${index}`, "1", {
          access_token: token,
          config: { private: true, postgres_changes: changes(3) },
        }),
      );
      expect((await frames.next((frame) => frame[1] === "1"))[4]).toMatchObject({
        status: "ok",
      });
    }
    expect(hub.feed.count()).toBe(30);
    const unlock = await lockPolicies();
    for (const [index, { socket }] of sockets.entries()) {
      socket.send(
        JSON.stringify([
          "1",
          "2",
          `realtime:team:refresh-${index}`,
          "access_token",
          { access_token: server.keys.service_role },
        ]),
      );
    }
    await vanishWhileLocked(sockets, unlock);
  });
});

describe("every frame counts", () => {
  it("closes a socket flooding heartbeats, and the server answers meanwhile", async () => {
    const { socket } = await anonSocket();
    const flood = (async () => {
      for (let index = 0; index < 2000 && socket.readyState === socket.OPEN; index++) {
        socket.send(JSON.stringify([null, `${index}`, "phoenix", "heartbeat", {}]));
        if (index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    expect(await answered("/livez")).toBe(200);
    expect(await closed(socket)).toBe(1000);
    await flood;
  });

  it("closes a socket whose heartbeats carry more bytes a second than its address may send", async () => {
    const { socket, frames } = await anonSocket();
    const padding = "x".repeat(60_000);
    for (let index = 0; index < 6; index++) {
      socket.send(JSON.stringify([null, `${index}`, "phoenix", "heartbeat", { padding }]));
    }
    expect(await closed(socket)).toBe(1000);
    // Six frames stay well under the messages a second: the bytes closed it.
    expect(frames.items.length).toBeLessThan(6);
  });

  it("counts an IPv6 client's /64 as one address", async () => {
    const open = [];
    for (let index = 1; index <= limits.connectionsPerAddress; index++) {
      open.push(
        await rawSocket(
          server.url,
          `apikey=${server.keys.anon}&vsn=2.0.0`,
          `2001:db8:7:7::${index.toString(16)}`,
        ),
      );
    }
    await expect(
      rawSocket(server.url, `apikey=${server.keys.anon}&vsn=2.0.0`, "2001:db8:7:7:ffff::1"),
    ).rejects.toThrow(/429/u);
    const elsewhere = await rawSocket(
      server.url,
      `apikey=${server.keys.anon}&vsn=2.0.0`,
      "2001:db8:7:8::1",
    );
    elsewhere.socket.close();
    for (const { socket } of open) socket.close();
  });
});

/** An upgrade request without Sec-WebSocket-Key: answers its status. */
function malformedUpgrade(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/realtime/v1/websocket?apikey=${server.keys.anon}&vsn=2.0.0`,
      {
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "x-forwarded-for": address,
        },
      },
    );
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("upgrade", () => reject(new Error("the socket was opened")));
    request.on("error", reject);
    request.end();
  });
}

describe("refused upgrades", () => {
  it("cost nothing: after 200 without a key, the address still opens all its sockets", async () => {
    const address = freshAddress();
    for (let index = 0; index < 200; index += 20) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => malformedUpgrade(address)),
      );
      expect(new Set(statuses)).toEqual(new Set([400]));
    }
    await expect.poll(() => server.realtime!.hub.held().sockets).toBe(0);
    const open = [];
    for (let index = 0; index < limits.connectionsPerAddress; index++) {
      open.push(await anonSocket(address));
    }
    for (const { socket } of open) socket.close();
  });
});

describe("what one address holds", () => {
  it("is bounded in postgres_changes subscriptions, across its sockets", async () => {
    const address = freshAddress();
    const first = await anonSocket(address);
    first.socket.send(join("many-1", "1", { config: { postgres_changes: changes(100) } }));
    expect((await first.frames.next((frame) => frame[1] === "1"))[4]).toMatchObject({
      status: "ok",
    });
    const second = await anonSocket(address);
    second.socket.send(join("many-2", "2", { config: { postgres_changes: changes(100) } }));
    expect((await second.frames.next((frame) => frame[1] === "2"))[4]).toEqual({
      status: "error",
      response: { reason: "ChannelRateLimitReached: Too many postgres_changes subscriptions" },
    });
    expect(server.realtime!.hub.held().subscriptions).toBe(100);
    first.socket.close();
    second.socket.close();
    await expect.poll(() => server.realtime!.hub.held()).toEqual(nothingHeld);
  });

  it("is bounded in presence bytes, given back when a presence is untracked", async () => {
    const address = freshAddress();
    const { socket, frames } = await anonSocket(address);
    const track = (topic: string, ref: string, event: "track" | "untrack", text = "") =>
      socket.send(
        JSON.stringify([
          topic,
          ref,
          `realtime:${topic}`,
          "presence",
          { type: "presence", event, payload: { text } },
        ]),
      );
    socket.send(join("presence-a", "presence-a"));
    socket.send(join("presence-b", "presence-b"));
    await frames.next((frame) => frame[1] === "presence-b");
    track("presence-a", "t1", "track", "a".repeat(3000));
    expect((await frames.next((frame) => frame[1] === "t1"))[4]).toMatchObject({ status: "ok" });
    const other = await anonSocket(address);
    other.socket.send(join("presence-c", "presence-c"));
    await other.frames.next((frame) => frame[1] === "presence-c");
    other.socket.send(
      JSON.stringify([
        "presence-c",
        "t2",
        "realtime:presence-c",
        "presence",
        { type: "presence", event: "track", payload: { text: "c".repeat(3000) } },
      ]),
    );
    expect((await other.frames.next((frame) => frame[1] === "t2"))[4]).toEqual({
      status: "error",
      response: { reason: "PresenceRateLimitReached: Too much presence is tracked" },
    });
    track("presence-a", "t3", "untrack");
    await frames.next((frame) => frame[1] === "t3");
    track("presence-b", "t4", "track", "b".repeat(3000));
    expect((await frames.next((frame) => frame[1] === "t4"))[4]).toMatchObject({ status: "ok" });
    expect(server.realtime!.hub.held().presenceBytes).toBeGreaterThan(3000);
    socket.close();
    other.socket.close();
    await expect.poll(() => server.realtime!.hub.held()).toEqual(nothingHeld);
  });
});

describe("the broadcast route", () => {
  it("refuses a chunked body past the payload limit before reading the rest", async ({
    annotate,
  }) => {
    const send = (total: number) =>
      sendChunkedJson(`${server.url}/realtime/v1/api/broadcast`, {
        method: "POST",
        total,
        key: server.keys.anon,
      });
    // The first request of a process sizes V8's heap, once; measured after one within the limit.
    await send(32 * 1024);
    const measured = await rssGrowth(() => send(64 * 1024 * 1024));
    expect(measured.value.status).toBe(413);
    expect(measured.value.body).toEqual({ message: "Payload too large" });
    expect(measured.value.sent).toBeLessThan(16 * 1024 * 1024);
    const growth = measured.growth / (1024 * 1024);
    await annotate(`RSS grew by at most ${growth.toFixed(1)} MB for a 64 MB chunked broadcast`);
    expect(growth).toBeLessThan(10);
  });
});

describe("an anonymous broadcast", () => {
  it("too big for a notification is written nowhere when no other instance is there to hear it", async () => {
    const listener = await anonSocket();
    listener.socket.send(join("spill", "1"));
    await listener.frames.next((frame) => frame[1] === "1");
    const response = await fetch(`${server.url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: {
        apikey: server.keys.anon,
        authorization: `Bearer ${server.keys.anon}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        messages: [{ topic: "spill", event: "big", payload: { text: "x".repeat(9000) } }],
      }),
    });
    expect(response.status).toBe(202);
    const heard = await listener.frames.next((frame) => frame[3] === "broadcast");
    expect((heard[4] as { event: string }).event).toBe("big");
    const { rows } = await server.db.query<{ count: number }>(
      "select count(*)::int as count from internal.realtime_spill",
    );
    expect(rows[0]?.count).toBe(0);
    listener.socket.close();
  });
});

describe("the team's private channels", () => {
  it("stop a member removed from the team within seconds, and show each member as themselves", async () => {
    const token = await member.bearer();
    const { socket, frames } = await anonSocket();
    socket.send(
      join("team:hostile", "1", {
        access_token: token,
        config: { private: true, presence: { key: "someone-else", enabled: true } },
      }),
    );
    expect((await frames.next((frame) => frame[1] === "1"))[4]).toMatchObject({ status: "ok" });
    socket.send(
      JSON.stringify([
        "1",
        "2",
        "realtime:team:hostile",
        "presence",
        { type: "presence", event: "track", payload: { name: "me" } },
      ]),
    );
    const diff = await frames.next((frame) => frame[3] === "presence_diff");
    expect(Object.keys((diff[4] as { joins: object }).joins)).toEqual([member.id]);

    await server.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"team": false}' where id = $1`,
      [member.id],
    );
    const ended = await frames.next((frame) => frame[3] === "phx_close", 15_000);
    expect(ended[2]).toBe("realtime:team:hostile");
    await expect.poll(() => server.realtime!.hub.held().channels).toBe(0);
    socket.close();
    await server.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"team": true}' where id = $1`,
      [member.id],
    );
  });
});
