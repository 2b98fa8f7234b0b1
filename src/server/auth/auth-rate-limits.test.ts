import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { DatabaseUnavailableError } from "../db/database.ts";
import { silentLogger } from "../log.ts";
import { sweepAuthBuckets } from "./rate-limit.ts";

// Auth's rate limits live in the database (private.take_auth_request), on either database.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    auth: { rateLimits: { enabled: true, token: 1, signup: 1, mfa: 1, verify: 1 } },
    log: silentLogger,
  });
});
afterAll(() => server.close());

let addresses = 0;
/** An address no other test uses, so each owns its buckets. */
const newAddress = () => `198.18.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

const start = new Date("2026-11-26T12:00:00Z");
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

async function take(name: string, subject: string, perSecond: number, at: Date) {
  const { rows } = await server.db.query<{ taken: boolean | null }>(
    "select private.take_auth_request($1, $2, $3::float8, 30, $4) as taken",
    [name, subject, perSecond, at],
  );
  return rows[0]?.taken === true;
}

describe("private.take_auth_request", () => {
  it("allows a burst of 30, then refills at the configured rate", async () => {
    const subject = newAddress();
    const taken: boolean[] = [];
    for (let index = 0; index < 31; index += 1) {
      taken.push(await take("token", subject, 0.5, start));
    }
    expect(taken.slice(0, 30).every(Boolean)).toBe(true);
    expect(taken[30]).toBe(false);
    // One request every 2 s at 150 in 5 minutes.
    expect(await take("token", subject, 0.5, after(1.999))).toBe(false);
    expect(await take("token", subject, 0.5, after(2.001))).toBe(true);
    expect(await take("token", subject, 0.5, after(2.002))).toBe(false);
    // Refilled to its burst, and no further, however long it rested.
    const rested: boolean[] = [];
    for (let index = 0; index < 31; index += 1) {
      rested.push(await take("token", subject, 0.5, after(3600)));
    }
    expect(rested.filter(Boolean)).toHaveLength(30);
  });

  it("counts each limit and each client apart", async () => {
    const subject = newAddress();
    for (let index = 0; index < 30; index += 1) await take("mfa", subject, 0.25, start);
    expect(await take("mfa", subject, 0.25, start)).toBe(false);
    expect(await take("verify", subject, 0.25, start)).toBe(true);
    expect(await take("mfa", newAddress(), 0.25, start)).toBe(true);
  });

  it("never hands back tokens to a request whose clock read earlier", async () => {
    const subject = newAddress();
    for (let index = 0; index < 30; index += 1) await take("signup", subject, 0.1, after(10));
    expect(await take("signup", subject, 0.1, start)).toBe(false);
    expect(await take("signup", subject, 0.1, after(10))).toBe(false);
  });

  it("takes exactly the burst from concurrent requests of one client", async () => {
    const subject = newAddress();
    const taken = await Promise.all(
      Array.from({ length: 60 }, () => take("recover", subject, 0.1, start)),
    );
    expect(taken.filter(Boolean)).toHaveLength(30);
  });

  it("keeps only a salted hash of the client", async () => {
    const subject = newAddress();
    await take("verify", subject, 0.1, start);
    const { rows } = await server.db.query<{ client_hash: string }>(
      "select client_hash from private.auth_request_buckets where name = 'verify'",
    );
    const unsalted = createHash("sha256").update(subject).digest("hex");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.client_hash).toMatch(/^[0-9a-f]{64}$/u);
      expect(row.client_hash).not.toBe(unsalted);
      expect(row.client_hash).not.toContain(subject);
    }
  });

  it("is nobody's to read or call through the API", async () => {
    const { rows } = await server.db.query<{ role: string; can: boolean }>(
      `select role,
              has_table_privilege(role, 'private.auth_request_buckets', 'select')
                or has_function_privilege(role,
                     'private.take_auth_request(text, text, double precision, integer, timestamptz)',
                     'execute')
                or has_schema_privilege(role, 'private', 'usage') as can
         from unnest(array['anon', 'authenticated', 'service_role']) as role`,
    );
    expect(rows).toEqual([
      { role: "anon", can: false },
      { role: "authenticated", can: false },
      { role: "service_role", can: false },
    ]);
  });
});

describe("sweeping the buckets", () => {
  it("deletes the buckets that are full again and keeps the others", async () => {
    const resting = newAddress();
    const busy = newAddress();
    const now = new Date();
    const longAgo = new Date(now.getTime() - 3600_000);
    await take("sweep", resting, 1, longAgo);
    for (let index = 0; index < 5; index += 1) await take("sweep", busy, 0.01, now);
    const removed = await sweepAuthBuckets(server.db, silentLogger);
    expect(removed).toBeGreaterThanOrEqual(1);
    const { rows } = await server.db.query<{ count: number }>(
      "select count(*)::int as count from private.auth_request_buckets where name = 'sweep'",
    );
    expect(rows[0]?.count).toBe(1);
    // The busy client's bucket kept its count: 25 more, then refused.
    const taken: boolean[] = [];
    for (let index = 0; index < 26; index += 1) taken.push(await take("sweep", busy, 0.01, now));
    expect(taken.filter(Boolean)).toHaveLength(25);
  });
});

interface Limited {
  name: string;
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
  signedIn?: boolean;
}

const factor = "00000000-0000-4000-8000-000000000000";
const limited: Limited[] = [
  { name: "POST /signup", method: "POST", path: "/signup", body: { email: "x@example.com" } },
  { name: "PUT /user", method: "PUT", path: "/user", body: {}, signedIn: true },
  {
    name: "POST /token (password)",
    method: "POST",
    path: "/token?grant_type=password",
    body: {},
  },
  {
    name: "POST /token (refresh)",
    method: "POST",
    path: "/token?grant_type=refresh_token",
    body: { refresh_token: "aaaaaaaaaaaa" },
  },
  { name: "GET /verify", method: "GET", path: "/verify" },
  { name: "POST /verify", method: "POST", path: "/verify", body: {} },
  { name: "POST /recover", method: "POST", path: "/recover", body: {} },
  {
    name: "POST /factors/{id}/challenge",
    method: "POST",
    path: `/factors/${factor}/challenge`,
    body: {},
    signedIn: true,
  },
  {
    name: "POST /factors/{id}/verify",
    method: "POST",
    path: `/factors/${factor}/verify`,
    body: { challenge_id: factor, code: "123456" },
    signedIn: true,
  },
];

let accessToken: string;
beforeAll(async () => {
  const response = await send(
    { name: "sign up", method: "POST", path: "/signup" },
    newAddress(),
    undefined,
    { email: `limits.${Date.now()}@example.com`, password: "correct horse battery" },
  );
  expect(response.status).toBe(200);
  accessToken = ((await response.json()) as { access_token: string }).access_token;
});

function send(
  request: Limited,
  ip: string,
  bearer: string | undefined,
  body: unknown = request.body,
  target: TestServer = server,
) {
  return target.app.request(
    `/auth/v1${request.path}`,
    {
      method: request.method,
      headers: {
        apikey: target.keys.anon,
        "x-supabase-api-version": "2024-01-01",
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

describe("auth's limits through the server", () => {
  it.each(limited)("refuses $name past a burst of 30 with 429", async (request) => {
    const ip = newAddress();
    const bearer = request.signedIn ? accessToken : undefined;
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      statuses.push((await send(request, ip, bearer)).status);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await send(request, ip, bearer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-sb-error-code")).toBe("over_request_rate_limit");
    expect(await refused.json()).toEqual({
      code: "over_request_rate_limit",
      message: "Request rate limit reached",
    });
    expect((await send(request, newAddress(), bearer)).status).not.toBe(429);
  });

  it("counts an IPv6 client by its /64", async () => {
    const [request] = limited.filter((entry) => entry.path === "/recover");
    if (!request) throw new Error("no /recover case");
    for (let index = 1; index <= 30; index += 1) {
      expect(
        (await send(request, `2001:db8:1:2::${index.toString(16)}`, undefined)).status,
      ).not.toBe(429);
    }
    expect((await send(request, "2001:db8:1:2:ffff:ffff:ffff:ffff", undefined)).status).toBe(429);
    expect((await send(request, "2001:0db8:0001:0002:0:0:0:abcd", undefined)).status).toBe(429);
    expect((await send(request, "2001:db8:1:3::1", undefined)).status).not.toBe(429);
  });

  it("answers 503 when the database cannot count the request, and lets nothing through", async () => {
    const query = server.db.query.bind(server.db);
    const spy = vi.spyOn(server.db, "query").mockImplementation(async (text, params) => {
      if (text.includes("take_auth_request")) throw new DatabaseUnavailableError("connection lost");
      return query(text, params);
    });
    try {
      const response = await send(
        { name: "", method: "POST", path: "/verify" },
        newAddress(),
        undefined,
        {},
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "unexpected_failure" });
    } finally {
      spy.mockRestore();
    }
  });

  it("lets everything through, writing nothing, when switched off", async () => {
    const open = await startTestServer({ log: silentLogger });
    try {
      const ip = newAddress();
      const request: Limited = { name: "", method: "POST", path: "/recover", body: {} };
      for (let index = 0; index < 40; index += 1) {
        expect((await send(request, ip, undefined, request.body, open)).status).not.toBe(429);
      }
      const { rows } = await open.db.query<{ count: number }>(
        "select count(*)::int as count from private.auth_request_buckets",
      );
      expect(rows[0]?.count).toBe(0);
    } finally {
      await open.close();
    }
  });
});
