// The bench's ceiling: the server's own INSERT, under the same role and claims, through the same
// database code and driver, with no HTTP in between. Spawned by bench.mjs; prints one JSON line.
import { root } from "./build-steps.mjs";

const { database, url, dataDir, poolSize, connections, warmupMs, durationMs, key, row } =
  JSON.parse(process.argv[2]);

const load = (module) => import(new URL(`dist/server/${module}`, `file://${root}/`).href);
const { openDatabase } = await load("db/open.js");
const { migrate, readMigrations } = await load("db/migrate.js");
const { queryAsRole } = await load("db/as-role.js");
const { insertStatement } = await load("rest/sql/mutate.js");
const { render } = await load("rest/sql/sql.js");
const { loadSchemaCache } = await load("rest/schema-cache.js");

const db = await openDatabase({
  databaseUrl: database === "postgres" ? url : undefined,
  databasePoolSize: poolSize,
  dataDir,
});
await migrate(db, await readMigrations(`${root}/supabase/migrations`));
const table = (await loadSchemaCache(db)).table("public", "contact_submissions");
const body = JSON.stringify([row]);
const { text: sql } = render(insertStatement(table, Object.keys(row), body));
const claims = JSON.parse(Buffer.from(key.split(".")[1], "base64url").toString("utf8"));

const latencies = [];
let measuring = false;
let running = true;
let failures = 0;
let lastYield = performance.now();

async function loop() {
  while (running) {
    const started = performance.now();
    try {
      // As the bench's server runs: SUBMISSION_LIMITS=false, one client sending over and over.
      await queryAsRole(db, { claims, submissionLimits: false }, sql, [body]);
      if (measuring) latencies.push(performance.now() - started);
    } catch {
      failures += 1;
    }
    // PGlite answers without real I/O: yield now and then, or the timers that end the run
    // never fire.
    if (performance.now() - lastYield > 5) {
      lastYield = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const loops = Array.from({ length: connections }, loop);
await new Promise((resolve) => setTimeout(resolve, warmupMs));
measuring = true;
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, durationMs));
measuring = false;
const elapsed = performance.now() - started;
running = false;
await Promise.all(loops);
await db.close();

latencies.sort((a, b) => a - b);
const percentile = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
process.stdout.write(
  JSON.stringify({
    perSecond: (latencies.length / elapsed) * 1000,
    p50: percentile(0.5),
    p99: percentile(0.99),
    failures,
  }) + "\n",
);
