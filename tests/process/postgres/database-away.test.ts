import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeys } from "../../../src/server/keys.ts";
import { clientAt, insert, processJwtSecret, processKeys, submission } from "../../support/api.ts";
import {
  createDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from "../../support/postgres-databases.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnFailingServer,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";

describe("PostgreSQL unreachable at start", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  it("stops with one clear line, naming the server without its password", async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: 1 });
    await proxy.cut();
    const { code, stderr } = await spawnFailingServer(
      { DATABASE_URL: `postgres://kalima:hunter2@127.0.0.1:${proxy.port}/kalima` },
      dataDir,
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Cannot connect to the PostgreSQL server at postgres://kalima:***@127.0.0.1:${proxy.port}/kalima: connect ECONNREFUSED`,
    );
    expect(stderr).toContain("Check DATABASE_URL");
    expect(stderr).not.toContain("hunter2");
    expect(stderr).not.toMatch(/\n\s+at /u);
  });

  it("says so when the database does not exist", async () => {
    const url = new URL(testDatabaseUrl());
    url.pathname = "/kalima_no_such_database";
    const { code, stderr } = await spawnFailingServer({ DATABASE_URL: url.toString() }, dataDir);
    expect(code).toBe(1);
    expect(stderr).toContain('database \\"kalima_no_such_database\\" does not exist');
    expect(stderr).not.toMatch(/\n\s+at /u);
  });
});

describe("PostgreSQL going away while the server runs", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let dataDir: string;
  let server: RunningServer;
  let keys: ApiKeys;

  beforeAll(async () => {
    keys = await processKeys();
    database = await createDatabase("away");
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    const throughProxy = new URL(database.url);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    dataDir = await makeDataDir();
    server = await spawnServer(
      { DATABASE_URL: throughProxy.toString(), JWT_SECRET: processJwtSecret },
      dataDir,
    );
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await proxy?.close();
    await database?.drop();
    await removeDataDir(dataDir);
  });

  it("answers 503 PGRST001 without crashing, and recovers by itself when it returns", async () => {
    expect((await insert(server.url, keys.anon, submission("before@example.com"))).status).toBe(
      201,
    );
    await proxy.cut();

    const refused = await insert(server.url, keys.anon, submission("during@example.com"));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      code: "PGRST001",
      message: "Database client error. Retrying the connection.",
      details: "The database cannot be reached right now.",
      hint: null,
    });
    const listing = await fetch(`${server.url}/rest/v1/contact_submissions?select=email`, {
      headers: { apikey: keys.service_role, authorization: `Bearer ${keys.service_role}` },
    });
    expect(listing.status).toBe(503);
    // Auth's rate limits are counted in the database: none is waved through while it is away.
    const verifying = await fetch(`${server.url}/auth/v1/verify`, {
      method: "POST",
      headers: {
        apikey: keys.anon,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: "{}",
    });
    expect(verifying.status).toBe(503);
    expect(await verifying.json()).toMatchObject({ code: "unexpected_failure" });
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    // A load balancer sends requests elsewhere meanwhile; the process itself is well.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
    await expect
      .poll(
        async () => (await insert(server.url, keys.anon, submission("after@example.com"))).status,
      )
      .toBe(201);
    const { data } = await clientAt(server.url, keys.service_role)
      .from("contact_submissions")
      .select("email")
      .order("id")
      .overrideTypes<{ email: string }[], { merge: false }>();
    expect(data?.map((row) => row.email)).toEqual(["before@example.com", "after@example.com"]);
  });

  it("lets supabase-js ride out a short outage on a read, which it retries after a 503", async () => {
    const service = clientAt(server.url, keys.service_role);
    await proxy.cut();
    const reading = service.from("contact_submissions").select("email", { count: "exact" });
    setTimeout(() => void proxy.restore(), 1500);
    const { status, count, error } = await reading;
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBeGreaterThan(0);
    expect(server.output()).toMatch(/"path":"\/rest\/v1\/contact_submissions","status":503/u);
  });
});
