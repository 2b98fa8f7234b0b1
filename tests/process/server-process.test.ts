import { stat } from "node:fs/promises";
import path from "node:path";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeDataDir,
  makeMigratedDataDir,
  removeDataDir,
  runServerCommand,
  spawnFailingServer,
  spawnServer,
  type RunningServer,
} from "../support/spawn-server.ts";

const row = {
  name: "Process test",
  email: "process@example.com",
  message: "Sent while the server stops",
  form_source: "Contact Page",
};

describe("the server process on its defaults", () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await makeMigratedDataDir();
    server = await spawnServer({}, dataDir);
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await removeDataDir(dataDir);
  });

  it("keeps the embedded database and a generated secret (mode 0600) in DATA_DIR", async () => {
    const secret = await stat(path.join(dataDir, "jwt-secret"));
    expect(secret.mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, "pglite"))).isDirectory()).toBe(true);
  });

  it("serves prerendered pages with the anon key written in, and 404 for unknown paths", async () => {
    const page = await fetch(`${server.url}/contact`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toMatch(/<meta name="supabase-anon-key" content="eyJ[\w.-]+"\/>/u);
    const missing = await fetch(`${server.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("الصفحة غير موجودة");
  });

  it("logs one line per request, without the query string", async () => {
    await fetch(`${server.url}/about?apikey=secret-looking`);
    await expect
      .poll(() => server.output())
      .toMatch(/"method":"GET","path":"\/about","status":200/u);
    expect(server.output()).not.toContain("secret-looking");
  });

  it("answers /livez and /readyz uncached, and leaves them out of the request log", async () => {
    for (const [path, body] of [
      ["/livez", "live\n"],
      ["/readyz", "ready\n"],
    ] as const) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toBe(body);
    }
    await fetch(`${server.url}/after-the-checks`);
    await expect.poll(() => server.output()).toMatch(/"path":"\/after-the-checks"/u);
    expect(server.output()).not.toMatch(/"path":"\/(livez|readyz)"/u);
  });

  it("finishes a request in flight on SIGTERM, closes the database and exits 0", async () => {
    const html = await fetch(`${server.url}/contact`).then((response) => response.text());
    const anonKey = /supabase-anon-key" content="([^"]+)"/u.exec(html)?.[1] ?? "";
    const body = JSON.stringify(row);
    const answer = new Promise<number>((resolve, reject) => {
      const slow = request(
        `${server.url}/rest/v1/contact_submissions`,
        {
          method: "POST",
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${anonKey}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      slow.on("error", reject);
      slow.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(() => slow.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answer).toBe(201);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
  });
});

describe("starting again", () => {
  it("answers within seconds on a second start with the same data", async () => {
    const dataDir = await makeDataDir();
    try {
      const first = await spawnServer({}, dataDir);
      await first.stop();
      const second = await spawnServer({}, dataDir);
      const response = await fetch(`${second.url}/`);
      expect(response.status).toBe(200);
      // Ten times the usual 2.5 s of a start with nothing to migrate (a first start takes 8 s):
      // it holds on a machine busy with other suites.
      expect(second.startupMs).toBeLessThan(25_000);
      expect(second.output()).not.toContain("migrations applied");
      await second.stop();
    } finally {
      await removeDataDir(dataDir);
    }
  }, 180_000);
});

describe("one embedded database, one process", () => {
  it("refuses a second server or a command on a DATA_DIR a running server holds", async () => {
    const dataDir = await makeMigratedDataDir();
    try {
      const server = await spawnServer({}, dataDir);
      const held = `is in use by another process (pid ${server.process.pid}): stop it first.`;
      const second = await spawnFailingServer({}, dataDir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(held);
      const exporting = await runServerCommand("export", ["--format", "json"], {}, dataDir);
      expect(exporting.code).toBe(1);
      expect(exporting.stderr).toContain(held);
      expect((await fetch(`${server.url}/contact`)).status).toBe(200);
      await server.stop();
      const afterwards = await runServerCommand("export", ["--format", "json"], {}, dataDir);
      expect(afterwards.code).toBe(0);
    } finally {
      await removeDataDir(dataDir);
    }
  }, 180_000);
});

describe("bad configuration", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT: must be a number"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET: must be at least 32 characters"],
    [
      { DATABASE_URL: "mysql://localhost/kalima" },
      "DATABASE_URL: must start with postgres:// or postgresql://",
    ],
    [{ SITE_URL: "kalima.example" }, "SITE_URL: must be an absolute URL"],
    [
      { PUBLISH_HOOK_URL: "http://api.netlify.com/build_hooks/abc" },
      "PUBLISH_HOOK_URL: must be https://",
    ],
  ])("refuses %j with a clear message and no stack trace", async (env, message) => {
    const dataDir = await makeDataDir();
    try {
      const { code, stderr } = await spawnFailingServer(env, dataDir);
      expect(code).toBe(1);
      expect(stderr).toContain("Invalid configuration");
      expect(stderr).toContain(message);
      expect(stderr).not.toMatch(/\n\s+at /u);
    } finally {
      await removeDataDir(dataDir);
    }
  });
});
