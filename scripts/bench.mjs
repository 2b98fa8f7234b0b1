// npm run bench [-- --duration 10 --runs 3 --connections 1,16,64]: load on the real server,
// spawned as a process on 127.0.0.1, from autocannon in this process. Measures inserts (the
// site's POST) on the embedded database and on PostgreSQL, GETs of a prerendered page, and the
// same INSERT straight through the driver as the ceiling; prints medians over the runs.
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created in
// that cluster and dropped afterwards), else from a throwaway cluster started for the bench.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, startBuiltServer } from "./load-run.mjs";
import { startThrowawayCluster } from "./postgres-cluster.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    runs: { type: "string", default: "1" },
    connections: { type: "string", default: "1,16,64" },
    "pool-size": { type: "string", default: "10" },
  },
});
const durationSeconds = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const runs = Number(options.runs);
const connectionCounts = options.connections.split(",").map(Number);
const poolSize = Number(options["pool-size"]);
if (
  ![durationSeconds, warmupSeconds, runs, poolSize, ...connectionCounts].every(
    (value) => Number.isInteger(value) && value >= 0,
  ) ||
  durationSeconds < 1 ||
  runs < 1
) {
  process.stderr.write(
    "--duration, --warmup, --runs, --pool-size and --connections take whole numbers\n",
  );
  process.exit(2);
}

const jwtSecret = "bench-only-secret-that-is-long-enough-to-sign";
const row = {
  name: "نور الهدى",
  email: "bench@example.com",
  phone: null,
  message: "أريد الانضمام إلى برنامج المتكلم",
  form_source: "Mutakallim Program",
};
const benchRun = loadRun("bench");

/** Kills the child if the bench stops before it exits. */
function untilExit(child) {
  child.once(
    "exit",
    benchRun.onCleanUp(() => child.kill("SIGKILL")),
  );
}

async function postgresCluster() {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
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

function startServer(database, databaseUrl) {
  return startBuiltServer(benchRun, {
    name: database,
    title: "kalima-bench-server",
    env: {
      JWT_SECRET: jwtSecret,
      DATABASE_POOL_SIZE: String(poolSize),
      // One client sending one row over and over: measured without the limits on visitors.
      SUBMISSION_LIMITS: "false",
      API_RATE_LIMIT: "0",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

// autocannon's own histogram keeps whole milliseconds; the response times it reports are exact.
function load(requestOptions, connections) {
  const run = (duration, latencies) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ ...requestOptions, connections, duration }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      instance.on("response", (_client, status, _bytes, milliseconds) => {
        if (status >= 200 && status < 300) latencies?.push(milliseconds);
      });
    });
  return (async () => {
    if (warmupSeconds > 0) await run(warmupSeconds);
    const latencies = [];
    const result = await run(durationSeconds, latencies);
    return {
      perSecond: latencies.length / durationSeconds,
      ...percentiles(latencies),
      failures: result.non2xx + result.errors + result.timeouts,
    };
  })();
}

function percentiles(latencies) {
  latencies.sort((a, b) => a - b);
  const at = (share) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

function ceiling(database, target, connections, key) {
  const settings = {
    database,
    url: target,
    dataDir: mkdtempSync(path.join(benchRun.scratch, `ceiling-${database}-`)),
    poolSize,
    connections,
    warmupMs: warmupSeconds * 1000,
    durationMs: durationSeconds * 1000,
    key,
    row,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/bench-ceiling.mjs", JSON.stringify(settings)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    untilExit(child);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`ceiling exited with ${code}`)),
    );
  });
}

function insertRequest(url, key) {
  return {
    url: `${url}/rest/v1/contact_submissions`,
    method: "POST",
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "content-profile": "public",
      "x-client-info": "supabase-js/2.109.0",
    },
    body: JSON.stringify(row),
  };
}

const results = new Map();
function record(name, connections, measured) {
  const cell = `${name}@${connections}`;
  if (!results.has(cell)) results.set(cell, []);
  results.get(cell).push(measured);
  process.stdout.write(
    `  ${name.padEnd(18)} c=${String(connections).padEnd(3)} ${Math.round(measured.perSecond)}/s p50 ${measured.p50.toFixed(1)} ms p99 ${measured.p99.toFixed(1)} ms${measured.failures ? ` (${measured.failures} failed)` : ""}\n`,
  );
}

async function main() {
  ensureBuilt();
  const { makeApiKey } = await import(new URL("dist/server/keys.js", `file://${root}/`).href);
  const anonKey = await makeApiKey(jwtSecret, "anon");

  let clusterUrl;
  let postgresProblem;
  try {
    clusterUrl = await postgresCluster();
  } catch (error) {
    postgresProblem = error.message;
    process.stdout.write(`PostgreSQL rows skipped: ${postgresProblem}\n`);
  }

  const loadAverage = () => loadavg()[0].toFixed(2);
  process.stdout.write(
    `Load average before: ${loadAverage()} (anything else running on these cores lowers every figure)\n`,
  );
  for (let index = 1; index <= runs; index += 1) {
    process.stdout.write(`\nRun ${index} of ${runs} (${durationSeconds} s per figure)\n`);
    for (const database of ["embedded", "postgres"]) {
      if (database === "postgres" && !clusterUrl) continue;
      for (const connections of connectionCounts) {
        const target =
          database === "postgres"
            ? await freshDatabase(clusterUrl, `kalima_bench_ceiling_${process.pid}`)
            : undefined;
        record(
          `ceiling ${database}`,
          connections,
          await ceiling(
            database === "postgres" ? "postgres" : "pglite",
            target,
            connections,
            anonKey,
          ),
        );
      }
      const databaseUrl =
        database === "postgres"
          ? await freshDatabase(clusterUrl, `kalima_bench_server_${process.pid}`)
          : undefined;
      const server = await startServer(database, databaseUrl);
      try {
        for (const connections of connectionCounts) {
          record(
            `insert ${database}`,
            connections,
            await load(insertRequest(server.url, anonKey), connections),
          );
          server.check();
        }
        if (database === "embedded") {
          const page = {
            url: `${server.url}/contact`,
            headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html" },
          };
          for (const connections of connectionCounts) {
            record("page GET", connections, await load(page, connections));
            server.check();
          }
        }
      } finally {
        await server.stop();
      }
    }
  }
  process.stdout.write(`Load average after: ${loadAverage()}\n`);
  printTable(postgresProblem);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summary(name, connections) {
  const measured = results.get(`${name}@${connections}`);
  if (!measured) return undefined;
  return {
    perSecond: median(measured.map((item) => item.perSecond)),
    p50: median(measured.map((item) => item.p50)),
    p99: median(measured.map((item) => item.p99)),
    failures: measured.reduce((sum, item) => sum + item.failures, 0),
  };
}

const targets = {
  "insert postgres@16": (cell, ratio) =>
    cell.perSecond >= 1500 && cell.p99 <= 50 && ratio >= 0.5
      ? "met (>= 1,500/s, p99 <= 50 ms, >= 50%)"
      : "MISSED (>= 1,500/s, p99 <= 50 ms, >= 50%)",
  "insert embedded@16": (cell) => (cell.perSecond >= 500 ? "met (>= 500/s)" : "MISSED (>= 500/s)"),
  "page GET@16": (cell) => (cell.perSecond >= 5000 ? "met (>= 5,000/s)" : "MISSED (>= 5,000/s)"),
};

function printTable(postgresProblem) {
  const header = [
    "what",
    "conns",
    "per s",
    "p50 ms",
    "p99 ms",
    "ceiling/s",
    "server/ceiling",
    "target",
  ];
  const lines = [];
  for (const name of ["insert embedded", "insert postgres", "page GET"]) {
    for (const connections of connectionCounts) {
      const cell = summary(name, connections);
      if (!cell) continue;
      const database = name.split(" ")[1];
      const roof = name.startsWith("insert")
        ? summary(`ceiling ${database}`, connections)
        : undefined;
      const ratio = roof ? cell.perSecond / roof.perSecond : undefined;
      lines.push([
        name,
        String(connections),
        String(Math.round(cell.perSecond)),
        cell.p50.toFixed(1),
        cell.p99.toFixed(1),
        roof ? String(Math.round(roof.perSecond)) : "",
        ratio === undefined ? "" : `${Math.round(ratio * 100)}%`,
        (targets[`${name}@${connections}`]?.(cell, ratio) ?? "") +
          (cell.failures ? ` ${cell.failures} failed` : ""),
      ]);
    }
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const format = (line) =>
    `| ${line.map((value, column) => value.padEnd(widths[column])).join(" | ")} |`;
  process.stdout.write(
    [
      "",
      `Median of ${runs} run(s), ${durationSeconds} s each after ${warmupSeconds} s of warm-up; pool ${poolSize}; load generator on the same machine.`,
      format(header),
      `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
      ...lines.map(format),
      postgresProblem ? `PostgreSQL not measured: ${postgresProblem}` : "",
      "",
    ].join("\n"),
  );
}

await benchRun.main(main);
