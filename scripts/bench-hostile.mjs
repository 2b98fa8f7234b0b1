// npm run bench:hostile [-- --minutes 10 --baseline-only --attack-only]: a soak of the built
// server while anonymous clients attack its storage and realtime, beside visitors who load the
// home page and send the contact form. Two runs of --minutes each, on a fresh server and embedded
// database each: the visitors alone (baseline), then the visitors beside the attackers. Printed
// side by side: the server's resident memory every few seconds (min, max, last and the series),
// the home page's and the visitors' inserts' p50 and p99, and what each attack got (accepted,
// refused, closed).
//
// Every attacker holds the anon key the home page hands out, sends from 127.0.0.1 (the one address
// the server's per-address limits count) and is bounded in rate and count; each copes with being
// refused or closed and comes back after a bounded backoff. The visitors name addresses of their
// own (X-Forwarded-For, TRUST_PROXY), as behind a proxy, so the attackers' limits are not theirs,
// and the submission limits are off, as in the other benches. Everything goes to 127.0.0.1.
import { execFileSync } from "node:child_process";
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, sleep, startBuiltServer } from "./load-run.mjs";
import { phonePhoto } from "./phone-photo.mjs";
import { freePort } from "./postgres-cluster.mjs";
import { readLog, table } from "./bench-report.mjs";

const { values: options } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    "baseline-only": { type: "boolean", default: false },
    "attack-only": { type: "boolean", default: false },
  },
});
const minutes = Number(options.minutes);
if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60) {
  process.stderr.write("--minutes takes a number of minutes above zero\n");
  process.exit(2);
}
if (options["baseline-only"] && options["attack-only"]) {
  process.stderr.write("--baseline-only and --attack-only exclude each other\n");
  process.exit(2);
}

const jwtSecret = "bench-hostile-secret-that-is-long-enough-to-sign";
const run = loadRun("bench-hostile");
const photoPath = "hostile/photo.jpg";
const rssEveryMs = 5000;

const visitors = { homeEveryMs: 100, insertEveryMs: 250, timeoutMs: 30_000 };
// Each attack's bounds. Rates are ceilings: a refused or closed client waits its backoff first.
const attacks = {
  heartbeats: { perSecond: 10_000 },
  joinChurn: { workers: 2, pauseMs: 50 },
  subscriptions: { sockets: 10, channels: 100, entries: 100 },
  presence: { sockets: 4, topics: 4, bytes: 200_000, oversizedBytes: 300_000, everyMs: 100 },
  malformed: { requests: 200, concurrency: 50, everyMs: 20_000 },
  chunked: { bytes: 64 * 1024 * 1024, everyMs: 10_000 },
  photos: { renders: 12, reads: 12, everyMs: 10_000 },
};
const backoff = { firstMs: 100, maxMs: 5000 };

// ---------------------------------------------------------------------------------------------
// Figures.

/** Nearest rank. */
function percentile(sorted, share) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))];
}

function summary(latencies, failures) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures,
  };
}

const milliseconds = (value) =>
  Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(1) : String(Math.round(value));

const megabytes = (bytes) => (bytes / 2 ** 20).toFixed(0);

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const say = (text) => process.stdout.write(`${text}\n`);

/** At most `count` values: the largest of each stretch, so a peak is never averaged away. */
function downsample(values, count) {
  if (values.length <= count) return values;
  return Array.from({ length: count }, (_, index) =>
    Math.max(
      ...values.slice(
        Math.floor((index * values.length) / count),
        Math.floor(((index + 1) * values.length) / count),
      ),
    ),
  );
}

function sparkline(values, low, high) {
  const bars = "▁▂▃▄▅▆▇█";
  return values
    .map((value) =>
      high > low ? bars[Math.min(7, Math.floor(((value - low) / (high - low)) * 8))] : bars[0],
    )
    .join("");
}

// ---------------------------------------------------------------------------------------------
// The server.

async function startServer(name) {
  const metricsPort = await freePort();
  const server = await startBuiltServer(run, {
    name,
    title: "kalima-bench-hostile-server",
    env: {
      JWT_SECRET: jwtSecret,
      // The visitors name their own addresses, as behind a proxy; the attackers send no such
      // header, so the server counts them all at 127.0.0.1 with its default limits.
      TRUST_PROXY: "X-Forwarded-For",
      // Thousands of inserts of one message: measured without the limits on visitors.
      SUBMISSION_LIMITS: "false",
      // Hundreds of thousands of refused requests would fill the log and the disk.
      LOG_REQUESTS: "false",
      METRICS_PORT: String(metricsPort),
    },
  });
  return { ...server, name, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** The process's resident memory in bytes, read from outside it: a blocked server still has one. */
function residentBytes(pid) {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const match = /^VmRSS:\s+(\d+) kB/mu.exec(readFileSync(status, "utf8"));
    return match ? Number(match[1]) * 1024 : NaN;
  }
  try {
    return (
      Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" })) * 1024
    );
  } catch {
    return NaN;
  }
}

/** The server's realtime gauges, or undefined when it does not answer within five seconds. */
async function realtimeGauges(server) {
  try {
    const text = await (
      await fetch(server.metricsUrl, { signal: AbortSignal.timeout(5000) })
    ).text();
    const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, "mu").exec(text)?.[1] ?? NaN);
    return {
      sockets: value("kalima_realtime_sockets"),
      channels: value("kalima_realtime_channels"),
    };
  } catch {
    return undefined;
  }
}

function logSummary(server) {
  const entries = readLog(server.logFile);
  const counts = new Map();
  for (const entry of entries) {
    if (!["error", "warn", "raw", "fatal"].includes(entry.level)) continue;
    // Expected here: SITE_URL is unset, the pages name this machine.
    if (entry.message.startsWith("SITE_URL is not set")) continue;
    const key = `${entry.level}: ${entry.message}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([, a], [, b]) => b - a);
}

async function anonKeyOf(server) {
  const { anonKeyMetaName } = await import(
    new URL("dist/shared/anon-key-meta.js", `file://${root}/`).href
  );
  const page = await (await fetch(`${server.url}/`)).text();
  const key = new RegExp(`<meta name="${anonKeyMetaName}" content="([^"]+)"`, "u").exec(page)?.[1];
  if (!key) throw new Error("the home page carries no anon key");
  return key;
}

async function uploadPhoto(server, serviceKey, photo) {
  const answer = await fetch(`${server.url}/storage/v1/object/site-media/${photoPath}`, {
    method: "POST",
    headers: {
      apikey: serviceKey,
      authorization: `Bearer ${serviceKey}`,
      "content-type": "image/jpeg",
      "x-upsert": "true",
    },
    body: photo,
  });
  const text = await answer.text();
  return answer.ok ? undefined : `${answer.status} ${text.slice(0, 200)}`;
}

// ---------------------------------------------------------------------------------------------
// One run: what ends it, and what is still open when it ends.

function runState(deadline) {
  const sockets = new Set();
  const requests = new Set();
  const state = {
    deadline,
    stopped: false,
    sockets,
    requests,
    alive: () => !state.stopped && Date.now() < deadline,
    /** Sleeps `ms`, or until the run ends. */
    pause: (ms) => sleep(Math.max(0, Math.min(ms, deadline - Date.now()))),
    /** Closes whatever an attack still holds: the run is over. */
    closeAll() {
      state.stopped = true;
      for (const socket of sockets) socket.terminate();
      for (const request of requests) request.destroy();
    },
  };
  return state;
}

function tally(name) {
  return { name, accepted: 0, refused: 0, closed: 0, errors: 0, details: new Map() };
}

function note(counts, detail, times = 1) {
  counts.details.set(detail, (counts.details.get(detail) ?? 0) + times);
}

/** The wait before the `failures`-th attempt in a row: doubling, capped, with jitter. */
function backoffMs(failures) {
  const ceiling = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(failures, 10));
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

// ---------------------------------------------------------------------------------------------
// Visitors.

let visitorCount = 0;

/** Every request a visitor of its own, as bench:realtime's visitors. */
function visitorAddress() {
  visitorCount += 1;
  const index = visitorCount;
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** `send` every `everyMs` (one at a time: a slow answer delays the next) until the run ends. */
async function paced(state, everyMs, send) {
  const latencies = [];
  let failures = 0;
  while (state.alive()) {
    const started = performance.now();
    const ok = await send().catch(() => false);
    const elapsed = performance.now() - started;
    if (ok) latencies.push(elapsed);
    else failures += 1;
    if (elapsed < everyMs) await state.pause(everyMs - elapsed);
  }
  return summary(latencies, failures);
}

function homePage(server) {
  return async () => {
    const response = await fetch(`${server.url}/`, {
      headers: {
        accept: "text/html",
        "accept-encoding": "br, gzip",
        "x-forwarded-for": visitorAddress(),
      },
      signal: AbortSignal.timeout(visitors.timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok;
  };
}

/** As features/contact/api/send-submission.ts sends it, through supabase-js's REST call. */
function contactInsert(server, anonKey) {
  let sent = 0;
  return async () => {
    sent += 1;
    const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        "content-type": "application/json",
        "content-profile": "public",
        "x-client-info": "supabase-js/2.109.0",
        "x-forwarded-for": visitorAddress(),
      },
      body: JSON.stringify({
        name: "نور الهدى",
        email: `visitor-${sent}@example.com`,
        phone: null,
        message: `أريد الانضمام إلى برنامج المتكلم (${sent})`,
        form_source: "Contact Page",
        website: "",
        language: "ar",
      }),
      signal: AbortSignal.timeout(visitors.timeoutMs),
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
}

// ---------------------------------------------------------------------------------------------
// A Phoenix client as realtime-js speaks it (vsn 1.0.0: JSON objects), for the attackers.

class Phoenix {
  /** An open socket, or undefined when the upgrade was refused or failed (counted in `counts`). */
  static open(context, counts) {
    const { state, server, anonKey } = context;
    const url = `${server.url.replace(/^http/u, "ws")}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`;
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
      state.sockets.add(socket);
      let opened = false;
      socket.once("open", () => {
        opened = true;
        counts.accepted += 1;
        resolve(new Phoenix(socket, state, anonKey));
      });
      socket.on("error", (error) => {
        if (opened) return;
        const status = /Unexpected server response: (\d+)/u.exec(error.message)?.[1];
        if (status) {
          counts.refused += 1;
          note(counts, `upgrade ${status}`);
        } else {
          counts.errors += 1;
          note(counts, error.code ?? error.message.slice(0, 40));
        }
      });
      socket.once("close", () => {
        state.sockets.delete(socket);
        if (!opened) resolve(undefined);
      });
    });
  }

  constructor(socket, state, accessToken) {
    this.socket = socket;
    this.state = state;
    this.accessToken = accessToken;
    this.ref = 0;
    this.waiting = new Map();
    this.closedTopics = new Set();
    /** The join_ref of each topic's last join, which its later messages carry. */
    this.joinRefs = new Map();
    this.byUs = false;
    this.closed = new Promise((resolve) => {
      socket.once("close", () => {
        clearInterval(this.heartbeat);
        for (const settle of this.waiting.values()) settle(undefined);
        this.waiting.clear();
        resolve(!this.byUs && !state.stopped);
      });
    });
    socket.on("message", (data) => {
      let message;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (message.event === "phx_reply") {
        this.waiting.get(message.ref)?.(message.payload?.status);
        this.waiting.delete(message.ref);
      } else if (message.event === "phx_close") {
        this.closedTopics.add(message.topic);
      }
    });
    // realtime-js's heartbeat: the server closes a socket silent for 60 s.
    this.heartbeat = setInterval(() => this.send("phoenix", "heartbeat", {}), 25_000);
  }

  get isOpen() {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(topic, event, payload, joinRef = null) {
    this.ref += 1;
    const ref = String(this.ref);
    if (this.isOpen) {
      this.socket.send(JSON.stringify({ topic, event, payload, ref, join_ref: joinRef }));
    }
    return ref;
  }

  /** The reply's status ("ok", "error"), or undefined when none came within `timeoutMs`. */
  request(topic, event, payload, joinRef = null, timeoutMs = 10_000) {
    const ref = this.send(topic, event, payload, joinRef);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(ref);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(ref, (status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
  }

  join(topic, { postgresChanges = [], presence = false, key = "" } = {}) {
    this.closedTopics.delete(topic);
    const ref = String(this.ref + 1);
    this.joinRefs.set(topic, ref);
    return this.request(
      topic,
      "phx_join",
      {
        config: {
          broadcast: { self: false, ack: false },
          presence: { key, enabled: presence },
          postgres_changes: postgresChanges,
          private: false,
        },
        access_token: this.accessToken,
      },
      ref,
    );
  }

  close() {
    this.byUs = true;
    this.socket.terminate();
  }
}

/** Opens sockets for `body` until the run ends, waiting a growing backoff after each refusal. */
async function reconnecting(context, counts, body) {
  let failures = 0;
  while (context.state.alive()) {
    const phoenix = await Phoenix.open(context, counts);
    if (!phoenix) {
      failures += 1;
      await context.state.pause(backoffMs(failures));
      continue;
    }
    const succeeded = await body(phoenix);
    phoenix.close();
    if ((await phoenix.closed) === true || !succeeded) {
      failures += 1;
      await context.state.pause(backoffMs(failures));
    } else {
      failures = 0;
    }
  }
}

/** Counts the socket's end as "closed" when the server ended it, and waits for it. */
async function untilClosed(phoenix, counts) {
  const state = phoenix.state;
  while (state.alive() && phoenix.isOpen) await state.pause(200);
  if (state.alive()) {
    counts.closed += 1;
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The attacks.

/** One socket sending heartbeats as fast as it may, a ceiling of `perSecond`. */
function heartbeatFlood(context) {
  const counts = tally("heartbeat flood (one socket, vsn 1.0.0)");
  const { perSecond } = attacks.heartbeats;
  const frame = JSON.stringify({ topic: "phoenix", event: "heartbeat", payload: {}, ref: "1" });
  const done = reconnecting(context, counts, async (phoenix) => {
    let replies = 0;
    phoenix.socket.on("message", () => (replies += 1));
    const tick = 10;
    while (context.state.alive() && phoenix.isOpen) {
      const started = performance.now();
      let sent = 0;
      while (sent < (perSecond * tick) / 1000 && phoenix.socket.bufferedAmount < 1 << 20) {
        phoenix.socket.send(frame);
        sent += 1;
      }
      note(counts, "heartbeats sent", sent);
      await context.state.pause(Math.max(0, tick - (performance.now() - started)));
    }
    note(counts, "replies", replies);
    if (context.state.alive()) counts.closed += 1;
    return !context.state.alive();
  });
  return { tallies: [counts], done };
}

/** Sockets that join postgres_changes on public.contact_submissions and close at once. */
function joinChurn(context) {
  const counts = tally("join postgres_changes then close at once");
  const { workers, pauseMs } = attacks.joinChurn;
  const join = (anonKey) =>
    JSON.stringify({
      topic: "realtime:hostile-churn",
      event: "phx_join",
      payload: {
        config: {
          broadcast: { self: false, ack: false },
          presence: { key: "", enabled: false },
          postgres_changes: [{ event: "*", schema: "public", table: "contact_submissions" }],
          private: false,
        },
        access_token: anonKey,
      },
      ref: "1",
      join_ref: "1",
    });
  const worker = async () => {
    let failures = 0;
    while (context.state.alive()) {
      const phoenix = await Phoenix.open(context, counts);
      if (!phoenix) {
        failures += 1;
        await context.state.pause(backoffMs(failures));
        continue;
      }
      failures = 0;
      await new Promise((resolve) =>
        phoenix.socket.send(join(context.anonKey), () => {
          phoenix.close();
          resolve();
        }),
      );
      await phoenix.closed;
      note(counts, "joins sent and closed");
      await context.state.pause(pauseMs);
    }
  };
  return { tallies: [counts], done: Promise.all(Array.from({ length: workers }, worker)) };
}

/** Sockets from one address, each filling its channels with 100 postgres_changes entries each. */
function manySubscriptions(context) {
  const counts = tally("many postgres_changes subscriptions");
  const { sockets, channels, entries } = attacks.subscriptions;
  let joinsLeft = sockets * channels * 3;
  const worker = (socketIndex) =>
    reconnecting(context, counts, async (phoenix) => {
      let held = 0;
      for (let channel = 0; channel < channels && context.state.alive(); channel += 1) {
        if (!phoenix.isOpen || joinsLeft <= 0) break;
        joinsLeft -= 1;
        const postgresChanges = Array.from({ length: entries }, (_, entry) => ({
          event: "INSERT",
          schema: "public",
          table: "contact_submissions",
          filter: `email=eq.hostile-${socketIndex}-${channel}-${entry}@example.com`,
        }));
        const status = await phoenix.join(`realtime:hostile-changes-${channel}`, {
          postgresChanges,
        });
        if (status === "ok") {
          held += 1;
          note(counts, "joins accepted");
        } else if (status === "error") {
          counts.refused += 1;
          note(counts, "joins refused");
        } else {
          note(counts, "joins unanswered");
        }
      }
      counts.details.set(
        "most channels held on one socket",
        Math.max(counts.details.get("most channels held on one socket") ?? 0, held),
      );
      return untilClosed(phoenix, counts);
    });
  return {
    tallies: [counts],
    done: Promise.all(Array.from({ length: sockets }, (_, index) => worker(index))),
  };
}

/** Presence tracks of large payloads on a few shared topics, now and then one past the limit. */
function largePresence(context) {
  const counts = tally("presence tracks of large payloads");
  const { sockets, topics, bytes, oversizedBytes, everyMs } = attacks.presence;
  const large = "x".repeat(bytes);
  const oversized = "x".repeat(oversizedBytes);
  let tracks = 0;
  const worker = (socketIndex) =>
    reconnecting(context, counts, async (phoenix) => {
      const names = Array.from(
        { length: topics },
        (_, index) => `realtime:hostile-presence-${index}`,
      );
      const joined = new Set();
      const joinTopic = async (topic) => {
        const status = await phoenix.join(topic, {
          presence: true,
          key: `attacker-${socketIndex}`,
        });
        if (status === "ok") joined.add(topic);
        else if (status === "error") counts.refused += 1;
      };
      for (const topic of names) await joinTopic(topic);
      let turn = 0;
      while (context.state.alive() && phoenix.isOpen) {
        const started = performance.now();
        const topic = names[turn % names.length];
        turn += 1;
        if (phoenix.closedTopics.has(topic) || !joined.has(topic)) {
          if (phoenix.closedTopics.has(topic)) {
            counts.closed += 1;
            note(counts, "channels closed by the server");
          }
          joined.delete(topic);
          await joinTopic(topic);
        } else {
          tracks += 1;
          const blob = tracks % 5 === 0 ? oversized : large;
          const status = await phoenix.request(
            topic,
            "presence",
            { type: "presence", event: "track", payload: { blob } },
            phoenix.joinRefs.get(topic),
          );
          if (status === "ok") note(counts, "tracks accepted");
          else if (status === "error") {
            counts.refused += 1;
            note(counts, "tracks refused");
          } else note(counts, "tracks unanswered");
        }
        await context.state.pause(Math.max(0, everyMs * sockets - (performance.now() - started)));
      }
      return untilClosed(phoenix, counts);
    });
  return {
    tallies: [counts],
    done: Promise.all(Array.from({ length: sockets }, (_, index) => worker(index))),
  };
}

/** A raw HTTP request: its status, or "closed" when the connection ended without an answer. */
function rawRequest(context, requestOptions, write) {
  const { state, server } = context;
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      state.requests.delete(request);
      request.destroy();
      resolve(outcome);
    };
    const request = http.request({
      host: "127.0.0.1",
      port: Number(port),
      agent: false,
      timeout: 60_000,
      ...requestOptions,
    });
    state.requests.add(request);
    let answered;
    request.on("response", (response) => {
      answered = response.statusCode;
      response.resume();
      response.once("end", () => settle({ status: response.statusCode }));
      response.once("error", () => settle({ status: response.statusCode }));
    });
    request.on("upgrade", (_response, socket) => {
      socket.destroy();
      settle({ status: 101 });
    });
    request.on("timeout", () => settle({ closed: "timed out" }));
    request.on("error", (error) => settle({ closed: error.code ?? error.message }));
    request.on("close", () =>
      settle(answered === undefined ? { closed: "closed" } : { status: answered }),
    );
    Promise.resolve()
      .then(() => write(request, () => settled))
      .catch(() => {});
  });
}

function countOutcome(counts, outcome, label) {
  if (outcome.status === undefined) {
    counts.closed += 1;
    note(counts, `${label}${outcome.closed}`);
  } else if (outcome.status < 400 && outcome.status !== 101) {
    counts.accepted += 1;
    note(counts, `${label}${outcome.status}`);
  } else if (outcome.status === 101) {
    counts.accepted += 1;
    note(counts, `${label}upgraded`);
  } else {
    counts.refused += 1;
    note(counts, `${label}${outcome.status}`);
  }
}

/** Rounds of upgrades without Sec-WebSocket-Key, each followed by a real socket that must open. */
function malformedUpgrades(context) {
  const counts = tally("upgrades without Sec-WebSocket-Key");
  const { requests, concurrency, everyMs } = attacks.malformed;
  const realSocket = tally(`a real socket after each ${requests} of them`);
  const done = (async () => {
    while (context.state.alive()) {
      const started = performance.now();
      let next = 0;
      let answered = 0;
      const worker = async () => {
        while (next < requests && context.state.alive()) {
          next += 1;
          const outcome = await rawRequest(
            context,
            {
              method: "GET",
              path: `/realtime/v1/websocket?apikey=${context.anonKey}&vsn=1.0.0`,
              headers: {
                connection: "Upgrade",
                upgrade: "websocket",
                "sec-websocket-version": "13",
              },
            },
            (request) => request.end(),
          );
          countOutcome(counts, outcome, "");
          answered += 1;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      // A whole round is checked even when it ends past the deadline: its socket is the point.
      if (answered < requests || context.state.stopped) break;
      note(realSocket, "rounds");
      const phoenix = await Phoenix.open(context, realSocket);
      if (phoenix) {
        const status = await phoenix.join("realtime:hostile-after-malformed");
        note(realSocket, `joins ${status ?? "unanswered"}`);
        phoenix.close();
        await phoenix.closed;
      }
      await context.state.pause(everyMs - (performance.now() - started));
    }
  })();
  return { tallies: [counts, realSocket], done };
}

/** 64 MB bodies sent chunked, without Content-Length, one at a time to `path`. */
function chunkedBodies(context, path, prefix, suffix) {
  const counts = tally(`chunked 64 MB to ${path}`);
  const { bytes, everyMs } = attacks.chunked;
  const chunk = Buffer.alloc(64 * 1024, "a");
  let failures = 0;
  const done = (async () => {
    while (context.state.alive()) {
      const started = performance.now();
      let written = 0;
      const outcome = await rawRequest(
        context,
        {
          method: "POST",
          path,
          headers: {
            apikey: context.anonKey,
            authorization: `Bearer ${context.anonKey}`,
            "content-type": "application/json",
            "transfer-encoding": "chunked",
          },
        },
        async (request, settled) => {
          const drained = () =>
            new Promise((resolve) => {
              const done = () => {
                request.off("drain", done);
                request.off("close", done);
                resolve();
              };
              request.once("drain", done);
              request.once("close", done);
            });
          request.write(prefix);
          while (written < bytes && !settled() && !request.destroyed) {
            written += chunk.length;
            if (!request.write(chunk)) await drained();
          }
          if (!settled() && !request.destroyed) request.end(suffix);
        },
      );
      countOutcome(counts, outcome, "");
      note(counts, "MB sent", Math.round(written / 2 ** 20));
      if (outcome.status === undefined || outcome.status >= 400) failures += 1;
      else failures = 0;
      const wait = everyMs - (performance.now() - started);
      await context.state.pause(failures > 0 ? Math.max(wait, backoffMs(failures)) : wait);
    }
  })();
  return { tallies: [counts], done };
}

/** Bursts of public reads of the photo and first renders of it at widths never asked before. */
function photoBursts(context) {
  const counts = tally("public photo reads and first renders");
  const { renders, reads, everyMs } = attacks.photos;
  let width = 100;
  let failures = 0;
  const done = (async () => {
    while (context.state.alive()) {
      const started = performance.now();
      const get = async (path, label) => {
        const outcome = await rawRequest(
          context,
          { method: "GET", path, headers: { accept: "image/avif,image/webp,image/*,*/*" } },
          (request) => request.end(),
        );
        countOutcome(counts, outcome, label);
        return outcome.status === 200;
      };
      const answers = await Promise.all([
        ...Array.from({ length: renders }, () => {
          width = width >= 2400 ? 101 + (width % 7) : width + 13;
          return get(
            `/storage/v1/render/image/public/site-media/${photoPath}?width=${width}`,
            "render ",
          );
        }),
        ...Array.from({ length: reads }, () =>
          get(`/storage/v1/object/public/site-media/${photoPath}`, "read "),
        ),
      ]);
      failures = answers.some(Boolean) ? 0 : failures + 1;
      await context.state.pause(
        Math.max(everyMs - (performance.now() - started), failures ? backoffMs(failures) : 0),
      );
    }
  })();
  return { tallies: [counts], done };
}

function startAttacks(context) {
  const started = [
    heartbeatFlood(context),
    joinChurn(context),
    manySubscriptions(context),
    largePresence(context),
    malformedUpgrades(context),
    chunkedBodies(
      context,
      "/storage/v1/object/list/site-media",
      '{"limit":100,"offset":0,"prefix":"',
      '"}',
    ),
    chunkedBodies(
      context,
      "/realtime/v1/api/broadcast",
      '{"messages":[{"topic":"hostile","event":"flood","payload":{"blob":"',
      '"}}]}',
    ),
  ];
  if (context.photo) started.push(photoBursts(context));
  return started;
}

// ---------------------------------------------------------------------------------------------

async function runOnce(label, withAttack, serviceKey, photo) {
  say(`\n${label}: starting a fresh server (embedded database)`);
  const server = await startServer(label);
  const anonKey = await anonKeyOf(server);
  const uploadProblem = await uploadPhoto(server, serviceKey, photo);
  if (uploadProblem) say(`  the photo was not uploaded (${uploadProblem}): no photo bursts`);

  const rss = [];
  const sample = () => rss.push(residentBytes(server.pid));
  sample();
  const sampler = setInterval(sample, rssEveryMs);

  const startedAt = Date.now();
  const state = runState(startedAt + minutes * 60_000);
  const context = { state, server, anonKey, photo: !uploadProblem };
  say(
    `  ${withAttack ? "visitors and attackers" : "visitors alone"} for ${minutes} min (load ${loadAverage()})`,
  );
  const started = withAttack ? startAttacks(context) : [];
  const progress = setInterval(() => {
    const last = rss.at(-1);
    say(
      `  ${Math.round((Date.now() - startedAt) / 1000)} s: RSS ${megabytes(last)} MB, load ${loadAverage()}`,
    );
  }, 60_000);
  const [home, insert] = await Promise.all([
    paced(state, visitors.homeEveryMs, homePage(server)),
    paced(state, visitors.insertEveryMs, contactInsert(server, anonKey)),
  ]);
  clearInterval(progress);
  const duringGauges = withAttack ? await realtimeGauges(server) : undefined;
  // Bounded loops stop by themselves at the deadline; what still waits on an answer is cut off.
  const attacksDone = Promise.all(started.map((attack) => attack.done)).then(() => true);
  const settledBy = Date.now();
  const byThemselves = await Promise.race([attacksDone, sleep(15_000).then(() => false)]);
  const settleSeconds = (Date.now() - settledBy) / 1000;
  state.closeAll();
  await Promise.race([attacksDone, sleep(10_000)]);
  sample();
  clearInterval(sampler);
  await sleep(3000);
  const afterGauges = await realtimeGauges(server);
  sample();
  const load = loadAverage();

  let stopped;
  try {
    server.check();
  } catch (error) {
    stopped = error.message.split("\n")[0];
  }
  const stopping = server.stop();
  const killed = await Promise.race([stopping.then(() => false), sleep(20_000).then(() => true)]);
  if (killed) {
    process.kill(server.pid, "SIGKILL");
    await stopping;
  }
  return {
    label,
    withAttack,
    rss: rss.filter(Number.isFinite),
    home,
    insert,
    load,
    duringGauges,
    afterGauges,
    stopped,
    killed,
    attackEnd: byThemselves
      ? `stopped by themselves ${settleSeconds.toFixed(1)} s after the visitors`
      : "still busy 15 s after the visitors: cut off",
    log: logSummary(server),
    attacks: started.flatMap((attack) => attack.tallies),
  };
}

function report(runs) {
  const all = runs.flatMap((result) => result.rss);
  const rssCell = (values) =>
    values.length === 0
      ? "not read"
      : `${megabytes(Math.min(...values))} / ${megabytes(Math.max(...values))} / ${megabytes(values.at(-1))}`;
  const low = Math.min(...all);
  const high = Math.max(...all);
  const gauges = (value) =>
    value ? `${value.sockets} sockets, ${value.channels} channels` : "no answer in 5 s";
  const lines = [
    ["RSS min / max / last (MB)", (r) => rssCell(r.rss)],
    [
      "home page p50 / p99 (ms)",
      (r) => `${milliseconds(r.home.p50)} / ${milliseconds(r.home.p99)}`,
    ],
    ["home page answered / failed", (r) => `${r.home.n} / ${r.home.failures}`],
    [
      "insert p50 / p99 (ms)",
      (r) => `${milliseconds(r.insert.p50)} / ${milliseconds(r.insert.p99)}`,
    ],
    ["inserts stored / failed", (r) => `${r.insert.n} / ${r.insert.failures}`],
    ["attackers", (r) => (r.withAttack ? r.attackEnd : "-")],
    ["realtime at the end of the run", (r) => (r.withAttack ? gauges(r.duringGauges) : "-")],
    ["realtime 3 s after every client left", (r) => gauges(r.afterGauges)],
    [
      "server",
      (r) =>
        r.stopped
          ? `STOPPED: ${r.stopped}`
          : r.killed
            ? "did not stop on SIGTERM in 20 s: killed"
            : "ran through, stopped on SIGTERM",
    ],
    ["load average at the end (1, 5, 15 min)", (r) => r.load],
  ].map(([name, cell]) => [name, ...runs.map(cell)]);
  say(
    [
      "",
      `## ${minutes} min each: visitors (home page every ${visitors.homeEveryMs} ms, an insert every ${visitors.insertEveryMs} ms, one at a time)`,
      "",
      table(["", ...runs.map((result) => result.label)], lines),
      "",
      `Server RSS every ${rssEveryMs / 1000} s (MB; the bars share one scale, ${megabytes(low)}–${megabytes(high)} MB):`,
      ...runs.flatMap((result) => [
        `  ${result.label.padEnd(9)} ${sparkline(downsample(result.rss, 60), low, high)}`,
        `  ${"".padEnd(9)} ${downsample(result.rss, 20).map(megabytes).join(" ")}`,
      ]),
    ].join("\n"),
  );
  for (const result of runs.filter((entry) => entry.withAttack)) {
    say(
      [
        "",
        `## What the attackers got (${result.label})`,
        "",
        table(
          ["attack", "accepted", "refused", "closed", "errors", "detail"],
          result.attacks.map((counts) => [
            counts.name,
            String(counts.accepted),
            String(counts.refused),
            String(counts.closed),
            String(counts.errors),
            [...counts.details.entries()].map(([name, value]) => `${name}: ${value}`).join(", "),
          ]),
        ),
        "",
        "accepted: sockets opened, or HTTP answers under 400; refused: upgrades or requests answered 400 or more, joins and tracks answered with an error; closed: sockets or connections the server ended (or that timed out) before the run did.",
      ].join("\n"),
    );
  }
  for (const result of runs) {
    say(`\nServer log (${result.label}): ${result.log.length ? "" : "no error or warning"}`);
    for (const [message, count] of result.log.slice(0, 8)) {
      say(`  ${count} × ${message.slice(0, 140)}`);
    }
  }
}

async function main() {
  ensureBuilt();
  say(
    `Load average at start (1, 5, 15 min): ${loadAverage()} (anything else running on these cores slows every figure)`,
  );
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const serviceKey = await makeApiKey(jwtSecret, "service_role");
  const photo = await phonePhoto();
  const runs = [];
  if (!options["attack-only"]) runs.push(await runOnce("baseline", false, serviceKey, photo));
  if (!options["baseline-only"]) runs.push(await runOnce("attack", true, serviceKey, photo));
  report(runs);
  say(`\nLoad average at end (1, 5, 15 min): ${loadAverage()}`);
}

await run.main(main);
