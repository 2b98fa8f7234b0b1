import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupAddress } from "../../src/server/backup/backup-address.ts";
import { clientAt, insert, processKeys, storedEmails, submission } from "../support/api.ts";
import { createDatabase, onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import {
  makeDataDir,
  removeDataDir,
  runServerCommand,
  spawnServer,
  type RunningServer,
} from "../support/spawn-server.ts";

// The restore drill: a server with submissions, their history, a pending mail and a team member
// with two factors is backed up while it serves, then restored into a new embedded database and
// a new PostgreSQL database; on each, the member signs in with the same password and a code from
// the same authenticator, everything reads back the same, and the roles see what they saw.
const source = onPostgres() ? "PostgreSQL" : "the embedded database";
const password = "a long passphrase the member chose";
const memberEmail = "member@kalima.example";

interface Snapshot {
  submissions: unknown[];
  changes: unknown[];
  outbox: unknown[];
}

async function read(url: string, serviceKey: string): Promise<Snapshot> {
  const table = async (name: string, order: string) => {
    const response = await fetch(`${url}/rest/v1/${name}?select=*&order=${order}`, {
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as unknown[];
  };
  return {
    submissions: await table("contact_submissions", "id"),
    changes: await table("contact_submission_changes", "id"),
    outbox: await table("mail_outbox", "id"),
  };
}

function codeAfter(totp: OTPAuth.TOTP, usedAt: number): Promise<string> {
  // A code is accepted once: wait for the authenticator's next one after the last used.
  const next = (Math.floor(usedAt / 30_000) + 1) * 30_000;
  const wait = Math.max(0, next - Date.now());
  return new Promise((resolve) => setTimeout(() => resolve(totp.generate()), wait + 50));
}

describe(`backup and restore, from ${source}`, () => {
  let place: ProcessEnvironment;
  let files: string;
  let server: RunningServer;
  let backupFile: string;
  let before: Snapshot;
  let totp: OTPAuth.TOTP;
  let codeUsedAt: number;
  const keys = processKeys();

  beforeAll(async () => {
    place = await processEnvironment("backup-drill");
    files = await mkdtemp(path.join(tmpdir(), "kalima-backup-"));
    server = await spawnServer(place.env, place.dataDir);
    const { anon: anonKey, service_role: serviceRoleKey } = await keys;
    for (const email of ["one@example.com", "two@example.com", "three@example.com"]) {
      expect((await insert(server.url, anonKey, submission(email))).status).toBe(201);
    }

    const service = clientAt(server.url, serviceRoleKey);
    const created = await service.auth.admin.createUser({
      email: memberEmail,
      password,
      email_confirm: true,
      app_metadata: { team: true },
    });
    expect(created.error).toBeNull();
    const member = clientAt(server.url, anonKey);
    expect(
      (await member.auth.signInWithPassword({ email: memberEmail, password })).error,
    ).toBeNull();
    const enrolled = await member.auth.mfa.enroll({ factorType: "totp" });
    expect(enrolled.error).toBeNull();
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) });
    const verified = await member.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totp.generate(),
    });
    expect(verified.error).toBeNull();
    codeUsedAt = Date.now();
    const triaged = await member
      .from("contact_submissions")
      .update({ status: "done", note: "answered by phone" })
      .eq("email", "two@example.com")
      .select("id");
    expect(triaged.error).toBeNull();
    expect(triaged.data).toHaveLength(1);

    before = await read(server.url, serviceRoleKey);
    expect(before.changes.length).toBeGreaterThan(0);
    expect(before.outbox.length).toBeGreaterThan(0);
    backupFile = path.join(files, "site.backup");
    const backedUp = await runServerCommand(
      "backup",
      ["--output", backupFile],
      place.env,
      place.dataDir,
    );
    expect(backedUp.stderr).toBe("");
    expect(backedUp.stdout).toMatch(/^Backed up .* \(migration \d{14}\): \d+ tables, \d+ rows/u);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await place?.remove();
    await rm(files, { recursive: true, force: true });
  });

  it("answers no backup on the public port, whatever the key", async () => {
    const { anon, service_role } = await keys;
    // As at any unknown address.
    const unknown = await fetch(`${server.url}/no/such/address`);
    const expected = { status: unknown.status, body: await unknown.text() };
    expect(expected.status).not.toBe(200);
    for (const key of [undefined, anon, service_role]) {
      const response = await fetch(`${server.url}/backup/v1`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
      expect({ status: response.status, body: await response.text() }).toEqual(expected);
    }
  });

  // On PostgreSQL the command reads the database itself: no listener is opened for it.
  it.skipIf(!onPostgres())("opens no backup listener on PostgreSQL", async () => {
    expect(await backupAddress(place.dataDir)).toBeUndefined();
  });

  it.skipIf(onPostgres())(
    "answers a backup on this machine's admin listener, to the service_role key only",
    async () => {
      const { anon, service_role } = await keys;
      const address = new URL((await backupAddress(place.dataDir)) ?? "");
      expect(address.hostname).toBe("127.0.0.1");
      expect(address.port).not.toBe(new URL(server.url).port);
      for (const key of [undefined, anon]) {
        const response = await fetch(address, {
          headers: key ? { authorization: `Bearer ${key}` } : {},
        });
        expect(response.status).toBe(401);
      }
      const served = await fetch(address, {
        headers: { authorization: `Bearer ${service_role}` },
      });
      expect(served.status).toBe(200);
      await served.body?.cancel();
    },
  );

  // Each backup copies the database's files: two at once would hold two copies, so a second
  // asked while one is taken is told to wait for it, and the next after it is answered.
  it.skipIf(onPostgres())("takes one backup at a time", async () => {
    const { service_role } = await keys;
    const address = await backupAddress(place.dataDir);
    // Each try takes a whole backup, seconds on a busy machine.
    const backupPoll = { timeout: 60_000, interval: 200 };
    const ask = () =>
      fetch(address ?? "", { headers: { authorization: `Bearer ${service_role}` } });
    // Two asked at once, until neither meets a backup still letting go of its copy (the one
    // the test before abandoned): one is taken, the other refused.
    let refusal: unknown;
    let firstLine: string | undefined;
    await expect
      .poll(async () => {
        const answers = await Promise.all([ask(), ask()]);
        const refused = answers.find((answer) => answer.status === 409);
        refusal = await refused?.json();
        for (const answer of answers) {
          if (answer.status === 200) firstLine = (await answer.text()).split("\n", 1)[0];
          else if (answer !== refused) await answer.body?.cancel();
        }
        return answers.map((answer) => answer.status).sort();
      }, backupPoll)
      .toEqual([200, 409]);
    expect(refusal).toEqual({ message: "A backup is already being taken" });
    expect(firstLine).toMatch(/^-- Kalima backup/u);
    // The one taken lets go of its copy once read; the next is then answered.
    await expect
      .poll(async () => {
        const next = await ask();
        await next.body?.cancel();
        return next.status;
      }, backupPoll)
      .toBe(200);
  });

  it("writes a file only its owner can read, saying at the top that it holds secrets", async () => {
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    const first = (await readFile(backupFile, "utf8")).split("\n", 1)[0];
    expect(first).toContain("holds the site's secrets");
    // The embedded database's copy, made for a backup, is gone once it was read or abandoned.
    await expect
      .poll(async () => (await readdir(place.dataDir)).filter((name) => name.includes("snapshot")))
      .toEqual([]);
  });

  it("is not stopped by what an interrupted backup left, and never writes over a file", async () => {
    const output = path.join(files, "after-interruption.backup");
    // As a backup killed half-way leaves it.
    await writeFile(`${output}.partial`, "-- Kalima backup, format 1.\nCOPY", { mode: 0o644 });
    const backedUp = await runServerCommand(
      "backup",
      ["--output", output],
      place.env,
      place.dataDir,
    );
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect((await stat(output)).mode & 0o777).toBe(0o600);
    expect((await readFile(output, "utf8")).split("\n", 1)[0]).toContain("Kalima backup");
    await expect(stat(`${output}.partial`)).rejects.toThrow(/ENOENT/u);

    const again = await runServerCommand("backup", ["--output", output], place.env, place.dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists: name a new file/u);
  });

  const targets = [
    { name: "a new embedded database", postgres: false },
    { name: "a new PostgreSQL database", postgres: true },
  ];
  for (const target of targets) {
    // A run without a PostgreSQL cluster (TEST_DATABASE_URL) restores into the embedded one only.
    it.skipIf(target.postgres && !process.env.TEST_DATABASE_URL)(
      `restores into ${target.name}: the same rows, the same member, the same roles`,
      async () => {
        const dataDir = await makeDataDir();
        const database = target.postgres ? await createDatabase("restored") : undefined;
        const env: Record<string, string> = { ...place.env };
        delete env.DATABASE_URL;
        if (database) env.DATABASE_URL = database.url;
        let restored: RunningServer | undefined;
        try {
          const result = await runServerCommand("restore", [backupFile], env, dataDir);
          expect(result.stderr).toBe("");
          expect(result.stdout).toMatch(/^Restored the backup of .* now at migration \d{14}/u);
          expect(result.stdout).toContain("public.contact_submissions: 3\n");

          // A second restore into what is no longer new is refused, and changes nothing.
          const again = await runServerCommand("restore", [backupFile], env, dataDir);
          expect(again.code).toBe(1);
          expect(again.stderr).toMatch(/not new .* pass --replace/u);

          restored = await spawnServer(env, dataDir);
          const { anon: anonKey, service_role: serviceRoleKey } = await keys;
          expect(await read(restored.url, serviceRoleKey)).toEqual(before);

          // The member: same password, a code from the same authenticator, back at aal2.
          const member = clientAt(restored.url, anonKey);
          const signedIn = await member.auth.signInWithPassword({ email: memberEmail, password });
          expect(signedIn.error).toBeNull();
          const factors = await member.auth.mfa.listFactors();
          const factor = factors.data!.totp[0]!;
          const code = await codeAfter(totp, codeUsedAt);
          codeUsedAt = Date.now();
          const verified = await member.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
          expect(verified.error).toBeNull();
          const seen = await member.from("contact_submissions").select("email").order("id");
          expect(seen.data).toEqual([
            { email: "one@example.com" },
            { email: "two@example.com" },
            { email: "three@example.com" },
          ]);

          // The roles: a visitor may send and not read; a member at one factor reads nothing.
          const visitor = clientAt(restored.url, anonKey);
          const peek = await visitor.from("contact_submissions").select("email");
          expect({ data: peek.data, status: peek.status, code: peek.error?.code }).toEqual({
            data: null,
            status: 401,
            code: "42501",
          });
          expect((await insert(restored.url, anonKey, submission("four@example.com"))).status).toBe(
            201,
          );
          const oneFactor = clientAt(restored.url, anonKey);
          await oneFactor.auth.signInWithPassword({ email: memberEmail, password });
          expect((await oneFactor.from("contact_submissions").select("email")).data).toEqual([]);
        } finally {
          await restored?.stop();
          await database?.drop();
          await removeDataDir(dataDir);
        }
      },
      150_000,
    );
  }

  it("refuses a file cut short, or not a backup, and leaves the target untouched", async () => {
    const whole = await readFile(backupFile, "utf8");
    const cut = path.join(files, "cut.backup");
    await writeFile(cut, whole.slice(0, Math.floor(whole.length / 2)));
    const foreign = path.join(files, "foreign.backup");
    await writeFile(foreign, "COPY public.contact_submissions (id) FROM stdin;\n1\n\\.\n");
    const changed = path.join(files, "changed.backup");
    await writeFile(changed, whole.replace("one@example.com", "evil@example.com"));
    const dataDir = await makeDataDir();
    const env: Record<string, string> = { ...place.env };
    delete env.DATABASE_URL;
    try {
      for (const [file, reason] of [
        [cut, /cut short/u],
        [foreign, /first line is not a Kalima backup's/u],
        [changed, /do not match their hash/u],
      ] as const) {
        const result = await runServerCommand("restore", [file], env, dataDir);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(reason);
      }
      const missing = await stat(path.join(dataDir, "pglite")).catch(() => undefined);
      expect(missing).toBeUndefined();
    } finally {
      await removeDataDir(dataDir);
    }
  });
});

// Backups share the metrics listener when it is on this machine; when it is open to the network,
// they keep a listener of their own on this machine.
describe.skipIf(onPostgres())("backups beside metrics", () => {
  const metricsToken = "a-metrics-token-for-the-backup-tests";
  const cases: { name: string; env: Record<string, string>; shared: boolean }[] = [
    { name: "on this machine", env: { METRICS_PORT: "0" }, shared: true },
    {
      name: "open to the network",
      env: { METRICS_PORT: "0", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: metricsToken },
      shared: false,
    },
  ];
  for (const { name, env, shared } of cases) {
    it(`${shared ? "share" : "keep apart from"} the metrics listener ${name}`, async () => {
      const place = await processEnvironment("backup-metrics", env);
      let server: RunningServer | undefined;
      try {
        server = await spawnServer(place.env, place.dataDir);
        const metricsPort =
          /"message":"admin listening","url":"http:\/\/[^"]+:(\d+)","metrics":true/u.exec(
            server.output(),
          )?.[1];
        expect(metricsPort).toBeDefined();
        const address = new URL((await backupAddress(place.dataDir)) ?? "");
        expect(address.hostname).toBe("127.0.0.1");
        expect(address.port === metricsPort).toBe(shared);
        const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        });
        expect(scraped.status).toBe(200);
        await scraped.body?.cancel();
        const { service_role } = await processKeys();
        const served = await fetch(address, {
          headers: { authorization: `Bearer ${service_role}` },
        });
        expect(served.status).toBe(200);
        await served.body?.cancel();
      } finally {
        await server?.stop();
        await place.remove();
      }
    });
  }
});

describe(`a backup taken during a flood of inserts, from ${source}`, () => {
  let place: ProcessEnvironment;
  let files: string;
  let server: RunningServer;
  const keys = processKeys();

  beforeAll(async () => {
    // One address sends every insert here: the per-client limits would refuse most of them.
    place = await processEnvironment("backup-flood", {
      SUBMISSION_LIMITS: "false",
      API_RATE_LIMIT: "0",
    });
    files = await mkdtemp(path.join(tmpdir(), "kalima-backup-flood-"));
    server = await spawnServer(place.env, place.dataDir);
  });
  afterAll(async () => {
    await server?.stop();
    await place?.remove();
    await rm(files, { recursive: true, force: true });
  });

  it("restores every row answered 201 before the backup began", async () => {
    const { anon, service_role } = await keys;
    const answered = new Set<string>();
    let flooding = true;
    // About a kilobyte of Arabic a row, so the backup crosses many chunks mid-letter.
    const message = "رسالة عن قوة الكلمة وأثرها في الناس. ".repeat(15);
    const flood = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; flooding; n += 1) {
        const email = `flood-${client}-${n}@example.com`;
        const response = await insert(server.url, anon, { ...submission(email), message });
        if (response.status === 201) answered.add(email);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = new Set(answered);
    const file = path.join(files, "flood.backup");
    const backedUp = await runServerCommand("backup", ["--output", file], place.env, place.dataDir);
    flooding = false;
    await Promise.all(flood);
    expect(backedUp.stderr).toBe("");
    expect(before.size).toBeGreaterThan(20);

    const dataDir = await makeDataDir();
    const env: Record<string, string> = { ...place.env };
    delete env.DATABASE_URL;
    let restored: RunningServer | undefined;
    try {
      expect((await runServerCommand("restore", [file], env, dataDir)).stderr).toBe("");
      restored = await spawnServer(env, dataDir);
      const kept = await storedEmails(restored.url, service_role);
      expect([...before].filter((email) => !kept.has(email))).toEqual([]);
      // Nothing that was never answered 201 appears.
      expect([...kept].filter((email) => !answered.has(email))).toEqual([]);
    } finally {
      await restored?.stop();
      await removeDataDir(dataDir);
    }
  }, 120_000);
});
