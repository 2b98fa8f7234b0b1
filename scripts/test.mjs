// npm test: every suite, against a fresh build. Unit, component, server and contract suites run
// in process, all in one vitest run that shares its workers among them, while the site and server
// are built beside it; then the built server is spawned (process suites, one file at a time) and
// driven by Chromium (browser suite, on two servers of its own). It fails, saying why, when
// something a suite needs is missing.
// The server, contract and process suites run on the embedded database, and again on
// PostgreSQL when TEST_DATABASE_URL names a cluster where they may create databases; the storage
// contract suites run once more with the bytes in S3. Everything a run listens on or writes is its
// own (free ports, temporary folders, databases named for it), so two runs can share a machine.
// At its end it prints the counts, each suite's time and the ten slowest tests.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-steps.mjs";
import { freePort } from "./postgres-cluster.mjs";
import { playwrightTimes, timesSummary, vitestTimes } from "./test-report.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  process.stderr.write(
    `The browser tests need Chromium at ${chromium}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.\n`,
  );
  process.exit(1);
}

const postgresUrl = process.env.TEST_DATABASE_URL;
const postgresNotice = postgresUrl
  ? ""
  : "TEST_DATABASE_URL is not set: the server suites ran on the embedded database only, not on PostgreSQL " +
    "(node scripts/with-postgres.mjs npm test runs them on a throwaway cluster).";

const runStarted = performance.now();
const reports = mkdtempSync(path.join(tmpdir(), "kalima-test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failedSuites = [];
/** Each suite's time, and each test's, for the summary at the end. */
const suiteTimes = [];
const testTimes = [];

/** Runs a suite's command to its end; asynchronous, so the build beside it keeps going. */
async function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const child = spawn(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const started = performance.now();
  const [code] = await once(child, "exit");
  suiteTimes.push({ label, seconds: (performance.now() - started) / 1000 });
  if (code !== 0) failedSuites.push(label);
}

/** A suite's JSON report, if it wrote one. */
function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/** Keeps a report's test times; one it cannot read costs the summary, never the run. */
function noteTimes(read) {
  try {
    testTimes.push(...read());
  } catch (error) {
    process.stdout.write(`(a report's test times could not be read: ${error.message})\n`);
  }
}

function countVitest(file, label) {
  const report = readReport(file);
  if (!report) return;
  noteTimes(() => vitestTimes(report, label, root));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file, label) {
  const report = readReport(file);
  if (!report) return;
  noteTimes(() => playwrightTimes(report, label));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.flaky += stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

/**
 * Builds what is stale (scripts/build-steps.mjs) in a child process, its output held back so it
 * does not interleave with the suites running meanwhile; resolves to whether it succeeded and
 * that output.
 */
function buildInBackground() {
  const script = `import { ensureBuilt } from ${JSON.stringify(pathToFileURL(path.join(root, "scripts/build-steps.mjs")).href)}; ensureBuilt();`;
  const child = spawn(process.execPath, ["--input-type=module", "--eval", script], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const started = performance.now();
  return new Promise((resolve) => {
    child.once("exit", (code) =>
      resolve({ ok: code === 0, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

try {
  const vitest = async (label, projects) => {
    const output = path.join(reports, `${label.replaceAll(" ", "-")}.json`);
    await run(label, "vitest", [
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
    ]);
    countVitest(output, label);
  };
  const onPostgres = (projects) =>
    projects.filter((name) => postgresUrl || !name.endsWith("-postgres"));

  // The in-process suites need no build: it runs on the side, filling the cores their slowest
  // files leave idle.
  const build = buildInBackground();
  await vitest(
    "in-process suites",
    onPostgres(["web", "unit", "server", "server-s3", "server-postgres"]),
  );
  if (!postgresUrl) process.stdout.write(`\n${postgresNotice}\n`);

  process.stdout.write("\n=== build ===\n");
  const built = await build;
  process.stdout.write(built.output);
  if (!built.ok) throw new Error("the build failed");
  process.stdout.write(`built in ${built.seconds.toFixed(0)} s\n`);
  suiteTimes.push({ label: "build", seconds: built.seconds, beside: true });
  await vitest("process suites", onPostgres(["process", "process-postgres"]));

  // Ports of this run's own for the browser suite's two servers (the page tests', the team
  // journeys'): another run on the machine has its own.
  const port = process.env.E2E_PORT ?? String(await freePort());
  let teamPort = process.env.E2E_TEAM_PORT;
  while (!teamPort || teamPort === port) teamPort = String(await freePort());
  const browserReport = path.join(reports, "browser.json");
  await run("browser suite", "playwright", ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport,
    CHROMIUM_PATH: chromium,
    E2E_PORT: port,
    E2E_TEAM_PORT: teamPort,
  });
  countPlaywright(browserReport, "browser suite");
} catch (error) {
  failedSuites.push(error.message);
} finally {
  rmSync(reports, { recursive: true, force: true });
}

process.stdout.write("\n");
suiteTimes.push({ label: "the whole run", seconds: (performance.now() - runStarted) / 1000 });
try {
  process.stdout.write(timesSummary(suiteTimes, testTimes));
} catch (error) {
  process.stdout.write(`(the times could not be summed up: ${error.message})\n`);
}
if (postgresNotice) process.stdout.write(`${postgresNotice}\n`);
if (failedSuites.length > 0) process.stdout.write(`Failed: ${failedSuites.join("; ")}\n`);
process.stdout.write(
  `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
// CI retries a failed browser test once (playwright.config.ts): say when one needed it.
if (totals.flaky > 0) {
  process.stdout.write(
    `${totals.flaky} browser test(s) passed only on a retry: flaky, look at them\n`,
  );
}
process.exit(failedSuites.length > 0 || totals.failed > 0 ? 1 : 0);
