// npm test: every suite, in order, against a fresh build. Unit, component, server and contract
// suites run in process; then the built server is spawned (process suite) and driven by
// Chromium (browser suite). It fails, saying why, when something a suite needs is missing.
// The server, contract and process suites run on the embedded database, and again on
// PostgreSQL when TEST_DATABASE_URL names a cluster where they may create databases; the storage
// contract suites run once more with the bytes in S3.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuilt, root } from "./build-steps.mjs";

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

const reports = mkdtempSync(path.join(tmpdir(), "kalima-test-reports-"));
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const failedSuites = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) failedSuites.push(label);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.flaky += stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

try {
  const vitest = (project) => {
    const output = path.join(reports, `${project}.json`);
    run(`${project} suite`, "vitest", [
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
    ]);
    countVitest(output);
  };
  vitest("web");
  vitest("unit");
  vitest("server");
  vitest("server-s3");
  if (postgresUrl) vitest("server-postgres");
  else process.stdout.write(`\n${postgresNotice}\n`);

  process.stdout.write("\n=== build ===\n");
  ensureBuilt();
  vitest("process");
  if (postgresUrl) vitest("process-postgres");

  const browserReport = path.join(reports, "browser.json");
  run("browser suite", "playwright", ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport,
    CHROMIUM_PATH: chromium,
  });
  countPlaywright(browserReport);
} catch (error) {
  failedSuites.push(error.message);
} finally {
  rmSync(reports, { recursive: true, force: true });
}

process.stdout.write("\n");
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
