// npm run flood [-- --count 5000 --concurrency 32 --trust-proxy]: floods the contact form's
// insert as a spam script would, against the built server spawned on 127.0.0.1 with a fresh
// embedded database (or DATABASE_URL's), and prints what it stored and what it refused.
// Two runs, each on a fresh server: every insert from one client, then every insert claiming an
// address of its own in X-Forwarded-For (which counts only when the server trusts that header:
// --trust-proxy starts it with TRUST_PROXY=X-Forwarded-For, as behind a proxy).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuilt, root } from "../build-steps.mjs";
import { loadRun, startBuiltServer } from "../load-run.mjs";

const { values: options } = parseArgs({
  options: {
    count: { type: "string", default: "5000" },
    concurrency: { type: "string", default: "32" },
    "trust-proxy": { type: "boolean", default: false },
  },
});
const count = Number(options.count);
const concurrency = Number(options.concurrency);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
  process.stderr.write("--count and --concurrency take whole numbers above zero\n");
  process.exit(2);
}

const jwtSecret = "flood-only-secret-that-is-long-enough-to-sign";
const floodRun = loadRun("flood");

/** Random printable text of exactly `length` characters, so no two rows are alike. */
function randomText(length) {
  return randomBytes(Math.ceil((length * 3) / 4) + 3)
    .toString("base64url")
    .slice(0, length);
}

/** A row at every column's largest size, as the review sent. */
function largestRow() {
  const local = randomText(64);
  return {
    name: randomText(200),
    email: `${local}@${randomText(320 - local.length - 6)}.test`,
    phone: randomText(40),
    message: randomText(5000),
    form_source: "Contact Page",
  };
}

function randomAddress() {
  const [a = 0, b = 0, c = 0, d = 0] = randomBytes(4);
  return `${(a % 223) + 1}.${b}.${c}.${d}`;
}

function bytesUnder(directory) {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    total += entry.isDirectory() ? bytesUnder(file) : statSync(file).size;
  }
  return total;
}

function startServer(name) {
  return startBuiltServer(floodRun, {
    name,
    title: "kalima-flood-server",
    env: {
      JWT_SECRET: jwtSecret,
      LOG_REQUESTS: "false",
      ...(options["trust-proxy"] ? { TRUST_PROXY: "X-Forwarded-For" } : {}),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
}

async function storedRows(url, serviceKey) {
  const response = await fetch(`${url}/rest/v1/contact_submissions?select=id&limit=0`, {
    method: "HEAD",
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, prefer: "count=exact" },
  });
  return Number(response.headers.get("content-range")?.split("/")[1] ?? Number.NaN);
}

async function flood(name, spoofed, keys) {
  const server = await startServer(name);
  const before = bytesUnder(server.dataDir);
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count) {
      next += 1;
      const response = await fetch(`${server.url}/rest/v1/contact_submissions`, {
        method: "POST",
        headers: {
          apikey: keys.anon,
          authorization: `Bearer ${keys.anon}`,
          "content-type": "application/json",
          "content-profile": "public",
          ...(spoofed ? { "x-forwarded-for": randomAddress() } : {}),
        },
        body: JSON.stringify(largestRow()),
      }).catch(() => undefined);
      const status = response ? String(response.status) : "network error";
      await response?.arrayBuffer();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const stored = await storedRows(server.url, keys.service_role);
  const grown = bytesUnder(server.dataDir) - before;
  await server.stop();
  const reasons = readFileSync(server.logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes("submissions refused"))
    .map((line) => JSON.parse(line).message);
  const answered = [...statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, times]) => `${times} × ${status}`)
    .join(", ");
  process.stdout.write(
    `${name}: ${count} inserts in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s); ` +
      `answered ${answered}; stored ${stored}; data grew ${(grown / 1e6).toFixed(1)} MB` +
      `${reasons.length ? `; server log: ${[...new Set(reasons)].join(" | ")}` : ""}\n`,
  );
}

async function main() {
  ensureBuilt(["server"]);
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const keys = {
    anon: await makeApiKey(jwtSecret, "anon"),
    service_role: await makeApiKey(jwtSecret, "service_role"),
  };
  process.stdout.write(
    `${count} largest-size anonymous inserts, ${concurrency} at a time, on ` +
      `${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}` +
      `${options["trust-proxy"] ? ", TRUST_PROXY=X-Forwarded-For" : ""}\n`,
  );
  await flood("one client", false, keys);
  await flood("spoofed X-Forwarded-For", true, keys);
}

await floodRun.main(main);
