// npm run bench:realtime [-- --postgres --inserts 300 --sockets 1000 --members 50 --rate 200
// --fan-seconds 10 --seconds 8]: Supabase Realtime on the built server, driven by supabase-js
// as the inbox drives it. Team members are real: made by the admin API, signed in, and raised to
// aal2 with a TOTP code. Visitors insert as the contact form does (POST
// /rest/v1/contact_submissions as anon), each from an address of its own (X-Forwarded-For).
//
// 1. Latency: a visitor's insert until a subscribed member hears it, one at a time, p50 and p99
//    (budget 100 / 250 ms on one instance, 250 ms p99 from one instance to another).
// 2. Idle sockets: the home page's and an insert's p50 and p99 with no realtime socket open, with
//    the members subscribed, and with the members and 1,000 anonymous sockets joined to a public
//    channel, heartbeating every 25 s as realtime-js does (budget: p99 within 10 % of the first);
//    the server's memory per idle socket (resident and heap, from its metrics listener).
// 3. Fan-out: 200 inserts a second for 10 s, each to reach every subscribed member: how many were
//    lost, how late they arrived, and how the server batched their row-level security checks
//    (kalima_realtime_* on its metrics listener).
//
// The embedded database by default: one server. With --postgres: two servers on one PostgreSQL
// database, the members on the second, the inserts of 1 and 3 through the first. PostgreSQL
// comes from BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a fresh database is created
// in that cluster and dropped afterwards), else from a throwaway cluster. Exits 1 when a budget
// is missed. Everything runs on this machine: the load average is printed beside the figures.
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import * as OTPAuth from "otpauth";
import pg from "pg";
import WebSocket from "ws";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, sleep, startBuiltServer } from "./load-run.mjs";
import { freePort, startThrowawayCluster } from "./postgres-cluster.mjs";
import { readLog, table } from "./bench-report.mjs";

const { values: options } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    inserts: { type: "string", default: "300" },
    sockets: { type: "string", default: "1000" },
    members: { type: "string", default: "50" },
    rate: { type: "string", default: "200" },
    "fan-seconds": { type: "string", default: "10" },
    seconds: { type: "string", default: "8" },
  },
});
const inserts = Number(options.inserts);
const idleSockets = Number(options.sockets);
const memberCount = Number(options.members);
const rate = Number(options.rate);
const fanSeconds = Number(options["fan-seconds"]);
const seconds = Number(options.seconds);
if (
  ![inserts, idleSockets, memberCount, rate, fanSeconds, seconds].every(
    (value) => Number.isInteger(value) && value >= 1,
  )
) {
  process.stderr.write(
    "--inserts, --sockets, --members, --rate, --fan-seconds and --seconds take whole numbers from 1\n",
  );
  process.exit(2);
}

const jwtSecret = "bench-only-secret-that-is-long-enough-to-sign";
const budgets = { p50: 100, p99: 250, acrossP99: 250, slowdown: 0.1 };
// realtime-js's heartbeat; the server closes a socket silent for 60 s.
const heartbeatMs = 25_000;
const warmup = 10;
const benchRun = loadRun("bench-realtime");
const runTag = Date.now().toString(36);

// ---------------------------------------------------------------------------------------------
// Figures.

/** Nearest rank. */
function percentile(sorted, share) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))];
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const format = (milliseconds) =>
  Number.isNaN(milliseconds)
    ? "-"
    : milliseconds < 10
      ? milliseconds.toFixed(1)
      : String(Math.round(milliseconds));

const percent = (value, base) =>
  Number.isFinite(value / base)
    ? `${value >= base ? "+" : ""}${Math.round((value / base - 1) * 100)} %`
    : "-";

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

const say = (text) => process.stdout.write(`${text}\n`);

// ---------------------------------------------------------------------------------------------
// Servers and their metrics.

async function postgresCluster() {
  const given =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) return given;
  const cluster = await startThrowawayCluster({ durable: true });
  benchRun.onCleanUp(() => cluster.stop());
  return cluster.url;
}

async function freshDatabase(clusterUrl, name) {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  benchRun.onCleanUp(async () => {
    const dropper = new pg.Client({ connectionString: clusterUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer(name, databaseUrl) {
  const metricsPort = await freePort();
  const server = await startBuiltServer(benchRun, {
    name: `realtime-${name}`,
    title: "kalima-bench-realtime-server",
    env: {
      JWT_SECRET: jwtSecret,
      // Every simulated client names its own address, as a proxy in front would.
      TRUST_PROXY: "X-Forwarded-For",
      // Thousands of inserts, each from a visitor of its own: measured without the limits on
      // visitors, which would count the same message and address range against them.
      SUBMISSION_LIMITS: "false",
      // Fifty members are made and signed in from this one address within seconds.
      AUTH_RATE_LIMITS: "false",
      // The idle sockets and the members all come from 127.0.0.1 (default: 200 an address), and
      // join within a second or two: an address's joins and messages are counted together.
      REALTIME_MAX_CONNECTIONS_PER_IP: String(idleSockets + memberCount + 100),
      REALTIME_MAX_JOINS_PER_SECOND: String(idleSockets + memberCount + 100),
      REALTIME_MAX_EVENTS_PER_SECOND: String(idleSockets + memberCount + 100),
      REALTIME_MAX_CHANNELS_PER_IP: String(idleSockets + memberCount * 4 + 100),
      METRICS_PORT: String(metricsPort),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  return { ...server, name, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** The server's metrics without labels, by name. */
async function scrape(server) {
  const text = await (await fetch(server.metricsUrl)).text();
  const values = {};
  for (const line of text.split("\n")) {
    const match = /^(\w+) (\S+)$/u.exec(line);
    if (match) values[match[1]] = Number(match[2]);
  }
  return values;
}

function logSummary(server) {
  const parsed = readLog(server.logFile).filter((entry) => entry.level !== "raw");
  const errors = parsed.filter((entry) => entry.level === "error");
  // Expected here: SITE_URL is unset (the pages name this machine), and on PostgreSQL the two
  // instances keep files of their own (the bench stores none).
  const expected = ["SITE_URL is not set", "STORAGE_BACKEND is file"];
  const warnings = parsed.filter(
    (entry) => entry.level === "warn" && !expected.some((start) => entry.message.startsWith(start)),
  );
  const failed = parsed.filter((entry) => entry.message === "request" && entry.status >= 500);
  return [
    `Server ${server.name} log: ${errors.length} error(s), ${warnings.length} warning(s), ${failed.length} answer(s) of 500 or more`,
    ...[...errors, ...warnings]
      .slice(0, 3)
      .map(
        (entry) => `    ${entry.message}: ${JSON.stringify(entry.error ?? entry).slice(0, 300)}`,
      ),
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Clients.

/** A fetch that sends each request from the address `address()` names (X-Forwarded-For). */
function fetchFrom(address) {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", address());
    return fetch(input, { ...init, headers });
  };
}

function supabaseClient(url, key, address) {
  return createClient(url, key, {
    global: { fetch: fetchFrom(address) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own, and supabase-js builds its realtime client eagerly.
    realtime: { transport: /** @type {never} */ (WebSocket) },
  });
}

const fail = (what, error) => {
  throw new Error(`${what}: ${JSON.stringify(error)}`);
};

/**
 * A member of the team as the inbox has one: made by the admin API with app_metadata.team, signed
 * in, a TOTP factor enrolled and verified (aal2), and realtime handed the aal2 token.
 */
async function teamMember(server, keys, index) {
  const address = () => `10.200.${index >> 8}.${index & 255}`;
  const admin = supabaseClient(server.url, keys.service_role, address);
  const email = `bench-member-${index}-${runTag}@example.com`;
  const password = `Bench-${randomUUID()}`;
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { team: true },
  });
  if (created.error) fail("creating a member", created.error);
  const client = supabaseClient(server.url, keys.anon, address);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) fail("signing a member in", signedIn.error);
  const enrolled = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  if (enrolled.error) fail("enrolling a factor", enrolled.error);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) });
  const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data.id });
  if (challenge.error) fail("challenging a factor", challenge.error);
  const verified = await client.auth.mfa.verify({
    factorId: enrolled.data.id,
    challengeId: challenge.data.id,
    code: totp.generate(),
  });
  if (verified.error) fail("verifying a factor", verified.error);
  if (decodeJwt(verified.data.access_token).aal !== "aal2") throw new Error("not raised to aal2");
  // supabase-js hands realtime a new token when one is issued or refreshed, not when a factor is
  // verified: the inbox does the same after raising its session.
  await client.realtime.setAuth();
  return client;
}

async function teamMembers(server, keys) {
  const members = [];
  for (let first = 0; first < memberCount; first += 5) {
    const batch = Array.from(
      { length: Math.min(5, memberCount - first) },
      (_, offset) => first + offset,
    );
    members.push(...(await Promise.all(batch.map((index) => teamMember(server, keys, index)))));
  }
  return members;
}

/** Visitors inserting as the contact form does, each from an address of its own. */
function visitors(server, keys) {
  let visitor = 0;
  const client = supabaseClient(server.url, keys.anon, () => {
    visitor += 1;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  });
  // As features/contact/api/send-submission.ts sends it.
  return async (email) => {
    const { error } = await client.from("contact_submissions").insert({
      name: "نور الهدى",
      email,
      phone: null,
      message: `أريد الانضمام إلى برنامج المتكلم (${email})`,
      form_source: "Contact Page",
      website: "",
      language: "ar",
    });
    return error;
  };
}

/**
 * A member's channel hearing every new submission, as the inbox listens; `heard(email, at)` is
 * called with each submission's email and the moment it arrived.
 */
function subscribe(member, name, heard) {
  const channel = member
    .channel(name)
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "contact_submissions" },
      (change) => heard(change.new.email, performance.now()),
    );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not joined in 20 s`)), 20_000);
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") {
        clearTimeout(timer);
        resolve(channel);
      } else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") {
        clearTimeout(timer);
        reject(error ?? new Error(`${name}: ${status}`));
      }
    });
  });
}

/**
 * An anonymous socket joined to a public channel and heartbeating every 25 s (its first beat at a
 * random moment, as visitors' pages open at random moments), as realtime-js keeps one.
 */
function idleSocket(server, keys, state) {
  const url = `${server.url.replace(/^http/u, "ws")}/realtime/v1/websocket?apikey=${keys.anon}&vsn=1.0.0`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let ref = 0;
    let beat;
    const timer = setTimeout(
      () => reject(new Error("an idle socket was not joined in 20 s")),
      20_000,
    );
    socket.on("open", () => {
      ref += 1;
      socket.send(
        JSON.stringify({
          topic: "realtime:lobby",
          event: "phx_join",
          payload: {
            config: {
              broadcast: { self: false, ack: false },
              presence: { key: "", enabled: false },
              postgres_changes: [],
              private: false,
            },
            access_token: keys.anon,
          },
          ref: String(ref),
          join_ref: String(ref),
        }),
      );
    });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.event === "phx_reply" && message.ref === "1") {
        clearTimeout(timer);
        if (message.payload.status !== "ok") {
          reject(new Error(`an idle socket's join was refused: ${JSON.stringify(message)}`));
          return;
        }
        const heartbeat = () => {
          ref += 1;
          socket.send(
            JSON.stringify({ topic: "phoenix", event: "heartbeat", payload: {}, ref: String(ref) }),
          );
          state.heartbeats += 1;
        };
        beat = setTimeout(() => {
          heartbeat();
          beat = setInterval(heartbeat, heartbeatMs);
        }, Math.random() * heartbeatMs);
        resolve(socket);
      } else if (message.event === "phx_reply" && message.payload.status !== "ok") {
        state.refused += 1;
      }
    });
    socket.on("close", () => {
      clearTimeout(beat);
      clearInterval(beat);
      state.closed += 1;
    });
    socket.on("error", (error) => reject(error));
  });
}

/** `send` over and over, one at a time, for `durationSeconds`: its latencies. */
async function sampleFor(send, durationSeconds) {
  const latencies = [];
  let failures = 0;
  const until = performance.now() + durationSeconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const ok = await send();
    const elapsed = performance.now() - started;
    if (ok) latencies.push(elapsed);
    else failures += 1;
  }
  return { ...summary(latencies), failures };
}

function homePage(server) {
  return async () => {
    const response = await fetch(`${server.url}/`, {
      headers: { accept: "text/html", "accept-encoding": "br, gzip" },
    });
    await response.arrayBuffer();
    return response.ok;
  };
}

/** Waits until `done()` or `ms` pass, polling every 50 ms. */
async function until(done, ms) {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await sleep(50);
  return done();
}

// ---------------------------------------------------------------------------------------------
// The three measurements.

/** 1: inserts through `from`, one at a time, each awaited at a member subscribed on `to`. */
async function latency(from, to, keys, member, label) {
  const insert = visitors(from, keys);
  const waiting = new Map();
  const channel = await subscribe(member, `latency-${label}`, (email, at) => {
    waiting.get(email)?.(at);
  });
  const heard = [];
  const answered = [];
  let lost = 0;
  let failed = 0;
  for (let index = -warmup; index < inserts; index += 1) {
    const email = `latency-${label}-${runTag}-${index + warmup}@example.com`;
    let arrive;
    const arrival = new Promise((resolve) => {
      arrive = resolve;
      waiting.set(email, resolve);
    });
    const timeout = setTimeout(() => arrive(undefined), 5000);
    const started = performance.now();
    const error = await insert(email);
    const insertMs = performance.now() - started;
    if (error) {
      failed += 1;
      clearTimeout(timeout);
      waiting.delete(email);
      continue;
    }
    const at = await arrival;
    clearTimeout(timeout);
    waiting.delete(email);
    if (index < 0) continue;
    answered.push(insertMs);
    if (at === undefined) lost += 1;
    else heard.push(at - started);
  }
  await member.removeChannel(channel);
  return { heard: summary(heard), answered: summary(answered), lost, failed };
}

/** 2: the home page and an insert on `server`, alone, beside members, beside idle sockets. */
async function underIdleSockets(server, keys, members, fanOut) {
  const insert = visitors(server, keys);
  let sent = 0;
  const measure = async (label) => {
    const home = await sampleFor(homePage(server), seconds);
    server.check();
    const stored = await sampleFor(async () => {
      sent += 1;
      return !(await insert(`idle-${runTag}-${sent}@example.com`));
    }, seconds);
    server.check();
    say(
      `  ${label}: home page p99 ${format(home.p99)} ms, insert p99 ${format(stored.p99)} ms (load ${loadAverage()})`,
    );
    return { label, home, stored, load: loadAverage() };
  };
  const runs = [await measure("no realtime socket")];

  const channels = await Promise.all(
    members.map((member, index) => subscribe(member, `inbox-${index}`, fanOut.heard(index))),
  );
  runs.push(await measure(`${memberCount} members subscribed`));

  await sleep(2000);
  const before = await scrape(server);
  const state = { heartbeats: 0, refused: 0, closed: 0 };
  const sockets = [];
  for (let first = 0; first < idleSockets; first += 50) {
    const batch = Math.min(50, idleSockets - first);
    sockets.push(
      ...(await Promise.all(Array.from({ length: batch }, () => idleSocket(server, keys, state)))),
    );
  }
  await sleep(2000);
  const after = await scrape(server);
  runs.push(await measure(`${memberCount} members + ${idleSockets} idle sockets`));
  const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  const onServer = (await scrape(server)).kalima_realtime_sockets;
  for (const socket of sockets) socket.close();
  await until(() => state.closed === sockets.length, 10_000);
  // The same as the second run again: how far the figures drift by themselves on this machine.
  runs.push(await measure(`${memberCount} members again, the idle sockets closed`));
  return {
    runs,
    channels,
    memory: {
      rssPerSocket:
        (after.process_resident_memory_bytes - before.process_resident_memory_bytes) / idleSockets,
      heapPerSocket:
        (after.nodejs_heap_size_used_bytes - before.nodejs_heap_size_used_bytes) / idleSockets,
      rssBefore: before.process_resident_memory_bytes,
      rssAfter: after.process_resident_memory_bytes,
      socketsBefore: before.kalima_realtime_sockets,
      socketsAfter: after.kalima_realtime_sockets,
    },
    idle: { open, onServer, heartbeats: state.heartbeats, refused: state.refused },
  };
}

/** What each member heard of the fan-out's inserts, and when. */
function fanOutListener() {
  const sentAt = new Map();
  const heardBy = Array.from({ length: memberCount }, () => new Set());
  const delays = [];
  let duplicates = 0;
  return {
    sentAt,
    heardBy,
    delays,
    get duplicates() {
      return duplicates;
    },
    heard: (index) => (email, at) => {
      const sent = sentAt.get(email);
      if (sent === undefined) return;
      if (heardBy[index].has(email)) duplicates += 1;
      heardBy[index].add(email);
      delays.push(at - sent);
    },
  };
}

/** 3: `rate` inserts a second through `from` for `fanSeconds`, to every member on `to`. */
async function fanOut(from, to, keys, listener) {
  const insert = visitors(from, keys);
  const total = rate * fanSeconds;
  const before = await scrape(to);
  const started = performance.now();
  const inFlight = new Set();
  let failed = 0;
  let maxInFlight = 0;
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= 64) await Promise.race(inFlight);
    const email = `fan-${runTag}-${index}@example.com`;
    listener.sentAt.set(email, performance.now());
    const sending = insert(email).then((error) => {
      if (error) {
        failed += 1;
        listener.sentAt.delete(email);
      }
      inFlight.delete(sending);
    });
    inFlight.add(sending);
    maxInFlight = Math.max(maxInFlight, inFlight.size);
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - started) / 1000;
  const stored = listener.sentAt.size;
  const everyoneHeard = () => listener.heardBy.every((set) => set.size >= stored);
  await until(everyoneHeard, 30_000);
  const drainSeconds = (performance.now() - started) / 1000 - sendSeconds;
  const after = await scrape(to);
  const received = listener.heardBy.reduce((sum, set) => sum + set.size, 0);
  const delta = (name) => (after[name] ?? NaN) - (before[name] ?? NaN);
  return {
    total,
    stored,
    failed,
    sendSeconds,
    drainSeconds,
    maxInFlight,
    expected: stored * memberCount,
    received,
    lost: stored * memberCount - received,
    duplicates: listener.duplicates,
    delay: summary(listener.delays),
    changes: delta("kalima_realtime_changes_total"),
    batches: delta("kalima_realtime_change_batches_total"),
    deliveries: delta("kalima_realtime_change_deliveries_total"),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuilt();
  const database = options.postgres ? "postgres" : "embedded";
  say(
    `Load average at start (1, 5, 15 min): ${loadAverage()} (anything else running on these cores slows every figure)`,
  );
  const { makeApiKeys } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const keys = await makeApiKeys(jwtSecret);
  const missed = [];

  let insertServer;
  let socketServer;
  const servers = [];
  if (database === "postgres") {
    const databaseUrl = await freshDatabase(
      await postgresCluster(),
      `kalima_bench_realtime_${process.pid}`,
    );
    insertServer = await startServer("A", databaseUrl);
    socketServer = await startServer("B", databaseUrl);
    servers.push(insertServer, socketServer);
  } else {
    insertServer = socketServer = await startServer("embedded");
    servers.push(insertServer);
  }
  try {
    say(`Making ${memberCount} team members at aal2`);
    const members = await teamMembers(socketServer, keys);

    // 1. Latency.
    say(`1. Latency: ${inserts} inserts, one at a time, each until a subscribed member hears it`);
    const latencyLines = [];
    const latencyRuns =
      database === "postgres"
        ? [
            ["insert on B, member on B", socketServer, budgets.p99],
            ["insert on A, member on B", insertServer, budgets.acrossP99],
          ]
        : [["insert, member subscribed", socketServer, budgets.p99]];
    for (const [label, from, p99Budget] of latencyRuns) {
      const measured = await latency(
        from,
        socketServer,
        keys,
        members[0],
        label.replace(/\W+/gu, "-"),
      );
      const p50Budget = database === "postgres" ? undefined : budgets.p50;
      const ok =
        measured.lost === 0 &&
        measured.failed === 0 &&
        measured.heard.p99 <= p99Budget &&
        (p50Budget === undefined || measured.heard.p50 <= p50Budget);
      if (!ok) missed.push(`latency (${label})`);
      latencyLines.push([
        `${label}: heard`,
        String(measured.heard.n),
        format(measured.heard.p50),
        format(measured.heard.p99),
        `${p50Budget === undefined ? "" : `p50 ≤ ${p50Budget}, `}p99 ≤ ${p99Budget}`,
        `${measured.lost} lost, ${measured.failed} failed`,
        ok ? "ok" : "MISSED",
      ]);
      latencyLines.push([
        `${label}: insert answered`,
        String(measured.answered.n),
        format(measured.answered.p50),
        format(measured.answered.p99),
        "",
        "",
        "",
      ]);
      say(`  ${label}: p50 ${format(measured.heard.p50)} ms, p99 ${format(measured.heard.p99)} ms`);
    }
    const latencyLoad = loadAverage();

    // 2. Idle sockets.
    say(
      `2. Idle sockets: home page and insert, ${seconds} s each, without and with ${idleSockets} idle sockets`,
    );
    const listener = fanOutListener();
    const idle = await underIdleSockets(socketServer, keys, members, listener);
    // Compared with no socket at all (the budget), and with the members alone: what the idle
    // sockets add beside what the members' checks of every insert add.
    const [alone, membersOnly] = idle.runs;
    const withSockets = idle.runs[2];
    const idleLines = idle.runs.map((run, index) => [
      run.label,
      `${run.home.n}`,
      format(run.home.p50),
      format(run.home.p99),
      index === 0 ? "" : percent(run.home.p99, alone.home.p99),
      index < 2 ? "" : percent(run.home.p99, membersOnly.home.p99),
      `${run.stored.n}${run.stored.failures ? ` (${run.stored.failures} failed)` : ""}`,
      format(run.stored.p50),
      format(run.stored.p99),
      index === 0 ? "" : percent(run.stored.p99, alone.stored.p99),
      index < 2 ? "" : percent(run.stored.p99, membersOnly.stored.p99),
      run.load,
    ]);
    for (const [name, measured] of [
      ["home page p99", (run) => run.home.p99],
      ["insert p99", (run) => run.stored.p99],
    ]) {
      if (measured(withSockets) > measured(alone) * (1 + budgets.slowdown))
        missed.push(`${name} beside ${idleSockets} idle sockets`);
    }
    if (withSockets.stored.failures || withSockets.home.failures)
      missed.push("requests failed beside idle sockets");
    if (idle.idle.open !== idleSockets) missed.push("idle sockets closed by the server");

    // 3. Fan-out.
    say(`3. Fan-out: ${rate} inserts a second for ${fanSeconds} s to ${memberCount} members`);
    const fan = await fanOut(insertServer, socketServer, keys, listener);
    if (fan.lost !== 0 || fan.failed !== 0 || fan.duplicates !== 0) missed.push("fan-out");
    for (const channel of idle.channels) await channel.unsubscribe();
    for (const member of members) await member.removeAllChannels();

    const where =
      database === "postgres"
        ? "PostgreSQL, two instances (A and B) on one database"
        : "Embedded (PGlite), one instance";
    say(
      [
        "",
        `## ${where}`,
        "",
        `### 1. A visitor's insert until a subscribed team member hears it (ms; ${inserts} inserts one at a time after ${warmup} not counted; load at the end ${latencyLoad})`,
        "",
        table(["measure", "n", "p50", "p99", "budget", "outcome", "ok"], latencyLines),
        "",
        `### 2. Beside ${idleSockets} idle anonymous sockets (joined to a public channel, heartbeating every ${heartbeatMs / 1000} s) and ${memberCount} subscribed members (ms; ${seconds} s of each request, one at a time, on ${database === "postgres" ? "B" : "the server"}; members hear every insert)`,
        "",
        table(
          [
            "run",
            "home n",
            "home p50",
            "home p99",
            "vs none",
            "vs members",
            "insert n",
            "insert p50",
            "insert p99",
            "vs none",
            "vs members",
            "load (1, 5, 15 min)",
          ],
          idleLines,
        ),
        "",
        `Budget: p99 within ${budgets.slowdown * 100} % of the run with no realtime socket ("vs none"); "vs members" compares with the members alone, without the idle sockets.`,
        `Memory per idle socket: ${(idle.memory.rssPerSocket / 1024).toFixed(1)} kB resident, ${(idle.memory.heapPerSocket / 1024).toFixed(1)} kB of heap (server RSS ${(idle.memory.rssBefore / 2 ** 20).toFixed(0)} → ${(idle.memory.rssAfter / 2 ** 20).toFixed(0)} MB with sockets ${idle.memory.socketsBefore} → ${idle.memory.socketsAfter}).`,
        `Idle sockets at the end: ${idle.idle.open} of ${idleSockets} open (server counted ${idle.idle.onServer} sockets), ${idle.idle.heartbeats} heartbeats sent, ${idle.idle.refused} refused.`,
        "",
        `### 3. ${rate} inserts a second for ${fanSeconds} s${database === "postgres" ? " through A" : ""}, each to ${memberCount} subscribed members${database === "postgres" ? " on B" : ""} (load ${loadAverage()})`,
        "",
        table(
          [
            "inserts",
            "stored",
            "sent in",
            "members",
            "expected",
            "received",
            "lost",
            "duplicates",
            "heard p50",
            "heard p99",
          ],
          [
            [
              String(fan.total),
              `${fan.stored}${fan.failed ? ` (${fan.failed} failed)` : ""}`,
              `${fan.sendSeconds.toFixed(1)} s (${Math.round(fan.stored / fan.sendSeconds)}/s, ≤ ${fan.maxInFlight} in flight)`,
              String(memberCount),
              String(fan.expected),
              String(fan.received),
              String(fan.lost),
              String(fan.duplicates),
              format(fan.delay.p50),
              format(fan.delay.p99),
            ],
          ],
        ),
        "",
        `Heard p50/p99: from sending the insert to a member hearing it, over all ${fan.delay.n} deliveries; the last arrived ${fan.drainSeconds.toFixed(1)} s after the last insert was answered.`,
        `Server${database === "postgres" ? " B" : ""} (kalima_realtime_* on its metrics listener): ${fan.changes} changes heard in ${fan.batches} batches (${(fan.changes / fan.batches).toFixed(1)} changes a batch, ${(fan.batches / fan.sendSeconds).toFixed(0)} batches a second), ${fan.deliveries} messages delivered (${(fan.deliveries / fan.changes).toFixed(1)} a change).`,
        `Each batch asks, per table, in one statement for every eight distinct audiences (role and claims), which of the batch's rows each may read: ${memberCount} members are ${memberCount} audiences, since each member's claims differ.`,
        "",
        ...servers.map(logSummary),
      ].join("\n"),
    );
  } finally {
    for (const server of servers) await server.stop();
  }
  say(`\nLoad average at end (1, 5, 15 min): ${loadAverage()}`);
  if (missed.length > 0) {
    say(`Budgets missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  } else {
    say("Every budget met.");
  }
}

await benchRun.main(main);
