import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { s3Credentials } from "./tests/support/s3-server.ts";

// Tests that open no database (server, shared and build code): run once, in the "unit" project, with no
// migrated template to wait for. A suite that opens a database belongs in the server projects.
const databaseFreeSuites = [
  "tests/prerender/**/*.test.ts",
  "tests/docs/**/*.test.ts",
  "tests/tooling/**/*.test.ts",
  "src/shared/**/*.test.ts",
  "src/server/auth/admin-params.test.ts",
  "src/server/auth/password-pool.test.ts",
  "src/server/auth/rate-limit.test.ts",
  "src/server/auth/redirect-urls.test.ts",
  "src/server/auth/totp.test.ts",
  "src/server/config.test.ts",
  "src/server/db/directory-lock.test.ts",
  "src/server/db/fair-queue.test.ts",
  "src/server/db/private-directory.test.ts",
  "src/server/jwt.test.ts",
  "src/server/mail/answer.test.ts",
  "src/server/metrics/realtime-metrics.test.ts",
  "src/server/metrics/route-family.test.ts",
  "src/server/realtime/change-filter.test.ts",
  "src/server/realtime/presence.test.ts",
  "src/server/realtime/protocol.test.ts",
  "src/server/realtime/refusal-log.test.ts",
  "src/server/rest/filters.test.ts",
  "src/server/site/publish/render-pages.test.ts",
  "src/server/site/site.test.ts",
  "src/server/storage/backend.test.ts",
  "src/server/storage/check-storage.test.ts",
  "src/server/storage/file-backend.test.ts",
  "src/server/storage/images/*.test.ts",
];

// The server suites run twice: on the embedded database, and on PostgreSQL (TEST_DATABASE_URL)
// in the "-postgres" projects, each test file on a database of its own.
const serverSuites = ["src/server/**/*.test.ts", "tests/contract/**/*.test.ts"];
// The storage contract suites run a third time with the bytes in S3 (an s3rver for the run).
const storageContractSuites = ["tests/contract/storage-*.test.ts"];
const processSuitesOnBoth = [
  "tests/process/backup-objects.test.ts",
  "tests/process/backup-restore.test.ts",
  "tests/process/build-links.test.ts",
  "tests/process/content-command.test.ts",
  "tests/process/durability.test.ts",
  "tests/process/mail-delivery.test.ts",
  "tests/process/older-backup.test.ts",
  "tests/process/published-content.test.ts",
  "tests/process/operations.test.ts",
  "tests/process/publish-hook.test.ts",
  "tests/process/team-command.test.ts",
];
const processSuitesOnPostgres = ["tests/process/postgres/**/*.test.ts"];

// The PostgreSQL projects need a cluster: without TEST_DATABASE_URL a run leaves them out with a
// line saying so, as npm test does, unless --project names them; then their setup fails saying
// what is missing.
const projectArguments = process.argv.flatMap((argument, index, all) => {
  if (argument === "--project") return [all[index + 1] ?? ""];
  return argument.startsWith("--project=") ? [argument.slice("--project=".length)] : [];
});
const onPostgres =
  Boolean(process.env.TEST_DATABASE_URL) ||
  projectArguments.some((name) => name.includes("postgres"));
const postgresWanted =
  projectArguments.length === 0 || projectArguments.some((name) => name.includes("*"));
if (!onPostgres && postgresWanted) {
  process.stdout.write(
    "TEST_DATABASE_URL is not set: skipping the server-postgres and process-postgres projects " +
      "(node scripts/with-postgres.mjs npx vitest run runs them on a throwaway cluster).\n",
  );
}

// A poll (expect.poll) proves what happens in its own time: a second, vitest's default, is too
// short on a loaded 2-core machine; a poll that passes returns as soon as it does.
const expectations = { poll: { timeout: 15_000 } };
const serverProject = {
  environment: "node",
  // Two files at once on a loaded 2-core machine: a test that opens database threads (reopen)
  // takes 10 s alone and more than 30 s beside a heavy file.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  expect: expectations,
  // A worker keeps the modules it imported from one file to the next: every file starts its own
  // server, database and storage from test-server.ts, and the server's modules hold no state of
  // their own, so importing them again for each file only cost time (the server project: 108 s
  // and 180 core-seconds instead of 176 s and 317). What a test changes outside its server is
  // put back by the test that changed it (a spy restored, an environment variable unstubbed).
  isolate: false,
} as const;
// The process suites spawn servers and their commands, and mostly wait on them: two files at a
// time on the embedded database, each in folders of its own, keep a 2-core machine busy (150 s
// instead of 300 s alone). On PostgreSQL one file at a time: each file's servers migrate a new
// database, and two databases of one cluster migrated at the same moment collide on the API
// roles' settings, which the cluster shares ("tuple concurrently updated"). Vitest runs a project
// without file parallelism last, on its own.
const processProject = {
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 60_000,
  expect: expectations,
} as const;

export default defineConfig({
  test: {
    // A worker per core, not vitest's default of one fewer: a file's tests, its server and its
    // database all run in its worker, while vitest's own process mostly waits, so one worker
    // leaves a 2-core machine's second core idle. Projects run together share these workers.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          expect: expectations,
          setupFiles: ["tests/support/web-setup.ts"],
          env: { VITE_SITE_URL: "https://kalima.example" },
        },
      },
      {
        test: {
          name: "unit",
          include: databaseFreeSuites,
          environment: "node",
          expect: expectations,
        },
      },
      {
        test: {
          ...serverProject,
          name: "server",
          include: serverSuites,
          exclude: [...configDefaults.exclude, ...databaseFreeSuites],
          globalSetup: ["tests/support/database-template.ts"],
          env: { TEST_DATABASE_KIND: "embedded" },
        },
      },
      {
        test: {
          ...serverProject,
          name: "server-s3",
          include: storageContractSuites,
          globalSetup: ["tests/support/database-template.ts", "tests/support/s3-storage.ts"],
          env: { TEST_DATABASE_KIND: "embedded", TEST_STORAGE_BACKEND: "s3", ...s3Credentials },
        },
      },
      {
        test: {
          ...serverProject,
          name: "server-postgres",
          include: serverSuites,
          exclude: [...configDefaults.exclude, ...databaseFreeSuites],
          globalSetup: ["tests/support/postgres-template.ts"],
          env: { TEST_DATABASE_KIND: "postgres" },
        },
      },
      {
        test: {
          ...processProject,
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          exclude: processSuitesOnPostgres,
          globalSetup: ["tests/support/data-dir-template.ts"],
          env: { TEST_DATABASE_KIND: "embedded" },
        },
      },
      {
        test: {
          ...processProject,
          name: "process-postgres",
          fileParallelism: false,
          include: [...processSuitesOnBoth, ...processSuitesOnPostgres],
          env: { TEST_DATABASE_KIND: "postgres" },
        },
      },
    ].filter((project) => onPostgres || !project.test.name.endsWith("-postgres")),
  },
});
