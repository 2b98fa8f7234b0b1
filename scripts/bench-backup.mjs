// npm run bench:backup [-- --rows 1000000 --seconds 10 --data-dir DIR]: backups and restores at the size real
// use reaches. Starts the built server on the embedded database, fills it straight through SQL
// with `--rows` submissions (about 1 kB of Arabic each, with their mail and history rows), then
// measures the home page's and an anonymous insert's p50 and p99, alone for `--seconds` and
// while `npm run backup` runs against the serving server; then times `npm run restore` of that
// file into a new PostgreSQL database (the move from the embedded database) and into a new
// embedded one, and a backup from PostgreSQL while a server on it is measured the same way.
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created there
// and dropped afterwards), else from a throwaway cluster.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { SignJWT } from "jose";
import pg from "pg";
import { ensureBuilt, root } from "./build-steps.mjs";
import { loadRun, sleep, startBuiltServer } from "./load-run.mjs";
import { startThrowawayCluster } from "./postgres-cluster.mjs";

const { values: options } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "10" },
    // A data directory a run filled before, used as it is: skips the filling.
    "data-dir": { type: "string" },
  },
});
const rowCount = Number(options.rows);
const seconds = Number(options.seconds);
if (![rowCount, seconds].every((value) => Number.isInteger(value) && value >= 1)) {
  process.stderr.write("--rows and --seconds take whole numbers from 1\n");
  process.exit(2);
}

const jwtSecret = "bench-backup-secret-that-is-long-enough-for-hs256";
const run = loadRun("bench-backup");
const serverEnv = {
  JWT_SECRET: jwtSecret,
  LOG_REQUESTS: "false",
  // Every insert here comes from one address: the per-client limits would refuse most of them.
  SUBMISSION_LIMITS: "false",
  API_RATE_LIMIT: "0",
};
const anonKey = await new SignJWT({ role: "anon" })
  .setProtectedHeader({ alg: "HS256" })
  .sign(new TextEncoder().encode(jwtSecret));

const seedStatements = (count) => [
  "alter table public.contact_submissions disable trigger user",
  `insert into public.contact_submissions (created_at, name, email, phone, message, form_source, language)
   select now() - g * interval '1 minute', 'سارة العلي', 'sender' || g || '@mail.example',
          case when g % 3 = 0 then '+9665' || lpad((g % 100000000)::text, 8, '0') end,
          repeat('أود أن أسأل عن برنامج المتكلم وعن قوة الكلمة. ', 10 + g % 20),
          case when g % 3 = 0 then 'Mutakallim Program' else 'Contact Page' end, 'ar'
     from generate_series(1, ${count}) g`,
  `insert into public.mail_outbox (kind, submission_id, status, attempts, created_at, next_attempt_at, sent_at)
   select 'submission', id, 'sent', 1, created_at, created_at, created_at from public.contact_submissions`,
  `insert into public.contact_submission_changes (submission_id, changed_at, changed_by_email, field, old_value, new_value)
   select id, created_at, 'member@example.com', 'status', 'new', 'done'
     from public.contact_submissions where id % 2 = 0`,
  "alter table public.contact_submissions enable trigger user",
];

async function seed(query) {
  const started = performance.now();
  // Built once at the end, as a bulk load does: kept up row by row, the trigram index alone
  // makes the filling several times slower. Those backing a constraint stay.
  const { rows: indexes } = await query(
    `select indexname, indexdef from pg_indexes i
      where schemaname = 'public' and tablename = 'contact_submissions'
        and not exists (select from pg_constraint
                         where conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
  for (const { indexname } of indexes) await query(`drop index public.${indexname}`);
  for (const statement of seedStatements(rowCount)) await query(statement);
  for (const { indexdef } of indexes) await query(indexdef);
  return (performance.now() - started) / 1000;
}

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};
const describe = (values) =>
  `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms, ` +
  `slowest ${Math.max(...values).toFixed(1)} ms (${values.length} requests)`;

/** A visitor reading the home page without pause, and one sending the form every 100 ms. */
function visitors(url, until) {
  const home = [];
  const inserts = [];
  const reader = (async () => {
    while (!until.done) {
      const started = performance.now();
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the home page answered ${response.status}`);
      home.push(performance.now() - started);
    }
  })();
  const writer = (async () => {
    for (let n = 0; !until.done; n += 1) {
      const started = performance.now();
      const response = await fetch(`${url}/rest/v1/contact_submissions`, {
        method: "POST",
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          name: "زائر القياس",
          email: `visitor-${randomUUID()}@example.com`,
          message: "رسالة في أثناء النسخ الاحتياطي",
          form_source: "Contact Page",
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`an insert answered ${response.status}`);
      inserts.push(performance.now() - started);
      await sleep(100);
    }
  })();
  return { home, inserts, done: Promise.all([reader, writer]) };
}

async function measure(url, action) {
  const until = { done: false };
  const load = visitors(url, until);
  const started = performance.now();
  const result = await action();
  const ms = performance.now() - started;
  until.done = true;
  await load.done;
  return { ms, result, home: load.home, inserts: load.inserts };
}

function command(name, args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`dist/server/cli/${name}.js`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, output })
        : reject(new Error(`npm run ${name} failed (${code}):\n${output}`)),
    );
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

await run.main(async () => {
  ensureBuilt(["site", "server"]);
  const files = mkdtempSync(path.join(run.scratch, "files-"));
  let dataDir = options["data-dir"];
  if (!dataDir) {
    process.stdout.write(`Filling the embedded database with ${rowCount} submissions...\n`);
    const first = await startBuiltServer(run, {
      name: "embedded",
      title: "bench-backup",
      env: serverEnv,
    });
    dataDir = first.dataDir;
    await first.stop();
    const pglite = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    const seedSeconds = await seed((text) => pglite.query(text));
    await pglite.close();
    process.stdout.write(`  filled in ${seedSeconds.toFixed(0)} s\n`);
  }

  const server = await startBuiltServer(run, {
    name: "embedded-again",
    title: "bench-backup",
    env: { ...serverEnv, DATA_DIR: dataDir },
  });
  const port = new URL(server.url).port;
  const alone = await measure(server.url, () => sleep(seconds * 1000));
  const embeddedFile = path.join(files, "embedded.backup");
  const during = await measure(server.url, () =>
    command("backup", ["--output", embeddedFile], { ...serverEnv, DATA_DIR: dataDir, PORT: port }),
  );
  await server.stop();
  const size = statSync(embeddedFile).size;

  const cluster =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
      ? undefined
      : await startThrowawayCluster();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? cluster.url;
  const databaseName = `bench_backup_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
  try {
    const toPostgres = await command("restore", [embeddedFile], {
      ...serverEnv,
      DATABASE_URL: databaseUrl,
    });
    const toEmbedded = await command("restore", [embeddedFile], {
      ...serverEnv,
      DATA_DIR: mkdtempSync(path.join(run.scratch, "restored-")),
    });
    const onPostgres = await startBuiltServer(run, {
      name: "postgres",
      title: "bench-backup",
      env: { ...serverEnv, DATABASE_URL: databaseUrl },
    });
    const postgresAlone = await measure(onPostgres.url, () => sleep(seconds * 1000));
    const postgresFile = path.join(files, "postgres.backup");
    const postgresDuring = await measure(onPostgres.url, () =>
      command("backup", ["--output", postgresFile], { ...serverEnv, DATABASE_URL: databaseUrl }),
    );
    await onPostgres.stop();

    process.stdout.write(
      [
        `\n${rowCount} submissions (plus ${rowCount} mails and ${Math.floor(rowCount / 2)} history rows); load average ${load()}`,
        `Embedded database: backup through the serving server in ${(during.ms / 1000).toFixed(1)} s, ${(size / 1e6).toFixed(0)} MB`,
        `  home page alone:        ${describe(alone.home)}`,
        `  home page during it:    ${describe(during.home)}`,
        `  insert alone:           ${describe(alone.inserts)}`,
        `  insert during it:       ${describe(during.inserts)}`,
        `Restore into a new PostgreSQL database (the move): ${toPostgres.seconds.toFixed(1)} s`,
        `Restore into a new embedded database: ${toEmbedded.seconds.toFixed(1)} s`,
        `PostgreSQL: backup in ${(postgresDuring.ms / 1000).toFixed(1)} s, ${(statSync(postgresFile).size / 1e6).toFixed(0)} MB`,
        `  home page alone:        ${describe(postgresAlone.home)}`,
        `  home page during it:    ${describe(postgresDuring.home)}`,
        `  insert alone:           ${describe(postgresAlone.inserts)}`,
        `  insert during it:       ${describe(postgresDuring.inserts)}`,
        "",
      ].join("\n"),
    );
  } finally {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    cluster?.stop();
  }
});
