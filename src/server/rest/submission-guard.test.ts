import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { LogFields } from "../log.ts";
import { statusForSqlState } from "./errors.ts";

// The database's guard on visitors' submissions (supabase/migrations/*_submission_guard.sql),
// through the REST API as a visitor's browser reaches it.
const table = "/rest/v1/contact_submissions";
const warnings: { message: string; fields?: LogFields }[] = [];

let behindProxy: TestServer;
let direct: TestServer;
beforeAll(async () => {
  const log = {
    info: () => {},
    warn: (message: string, fields?: LogFields) => warnings.push({ message, fields }),
    error: (message: string, fields?: LogFields) => console.error(message, fields),
  };
  [behindProxy, direct] = await Promise.all([
    startTestServer({ submissionLimits: true, trustProxyHeader: "x-forwarded-for", log }),
    startTestServer({ submissionLimits: true }),
  ]);
});
afterAll(() => Promise.all([behindProxy.close(), direct.close()]));

beforeEach(async () => {
  for (const server of [behindProxy, direct]) {
    await server.db.exec(`
      delete from public.contact_submissions;
      delete from private.submission_clients;
      update private.submission_limits
         set per_client_burst = default, burst_window = default, per_client_daily = default,
             per_address_burst = default, per_address_daily = default,
             daily_ceiling = default, duplicate_window = default;
    `);
  }
  warnings.length = 0;
});

let sequence = 0;
/** One person's submission: the same email each time, a new message (not folded as a repeat). */
function submission(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: "Layla",
    email: "layla@example.com",
    phone: null,
    message: `Message number ${sequence}`,
    form_source: "Contact Page",
    ...overrides,
  };
}

function post(
  server: TestServer,
  row: object,
  options: { from?: string; key?: string; prefer?: string } = {},
) {
  const key = options.key ?? server.keys.anon;
  return server.app.request(table, {
    method: "POST",
    body: JSON.stringify(row),
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...(options.from ? { "x-forwarded-for": options.from } : {}),
      ...(options.prefer ? { prefer: options.prefer } : {}),
    },
  });
}

async function stored(server: TestServer) {
  const { rows } = await server.db.query<{ email: string; status: string; website: string | null }>(
    "select email, status, website from public.contact_submissions order by id",
  );
  return rows;
}

async function setLimits(server: TestServer, assignments: string) {
  await server.db.exec(`update private.submission_limits set ${assignments}`);
}

describe("the limit per client", () => {
  it("stores 5 submissions from one client in 10 minutes and refuses the 6th with 429 PT429", async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await post(behindProxy, submission(), { from: "203.0.113.7" })).status).toBe(201);
    }
    const refused = await post(behindProxy, submission(), { from: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("proxy-status")).toBe("PostgREST; error=PT429");
    const body = (await refused.json()) as Record<string, string>;
    expect(body).toEqual({
      code: "PT429",
      message: "Too many submissions from this client",
      details:
        "At most 5 in 10 minutes and 20 a day from one address and email, 30 in 10 minutes and 200 a day from one address",
      hint: expect.stringMatching(/^Try again in \d+ seconds\.$/u) as string,
    });
    const seconds = Number(/\d+/u.exec(body.hint ?? "")?.[0]);
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(await stored(behindProxy)).toHaveLength(5);

    expect((await post(behindProxy, submission(), { from: "203.0.113.8" })).status).toBe(201);
    expect(await stored(behindProxy)).toHaveLength(6);
  });

  it("tells apart 20 people registering from one venue's address within minutes", async () => {
    for (let index = 0; index < 20; index += 1) {
      const person = submission({ email: `attendee${index}@example.com` });
      expect((await post(behindProxy, person, { from: "203.0.113.20" })).status).toBe(201);
    }
    expect(await stored(behindProxy)).toHaveLength(20);
    // Each of them still meets the limit a person meets, whatever the email's case.
    for (let index = 0; index < 4; index += 1) {
      const again = submission({ email: "attendee0@example.com" });
      expect((await post(behindProxy, again, { from: "203.0.113.20" })).status).toBe(201);
    }
    const sixth = submission({ email: "ATTENDEE0@example.com" });
    expect((await post(behindProxy, sixth, { from: "203.0.113.20" })).status).toBe(429);
  });

  it("stops a flood from one address at 30 in 10 minutes, whatever the emails, and says when it ends", async () => {
    for (let index = 0; index < 30; index += 1) {
      const row = submission({ email: `flood${index}@example.com` });
      expect((await post(behindProxy, row, { from: "198.51.100.30" })).status).toBe(201);
    }
    const refused = await post(behindProxy, submission({ email: "flood-new@example.com" }), {
      from: "198.51.100.30",
    });
    expect(refused.status).toBe(429);
    const { hint } = (await refused.json()) as { hint: string };
    const seconds = Number(/\d+/u.exec(hint)?.[0]);
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(await stored(behindProxy)).toHaveLength(30);
    // Another address is not held back by it.
    const other = submission({ email: "flood-new@example.com" });
    expect((await post(behindProxy, other, { from: "198.51.100.31" })).status).toBe(201);
  });

  it("stops one address past its daily ceiling, whatever the emails", async () => {
    await setLimits(behindProxy, "per_address_burst = 100, per_address_daily = 3");
    for (let index = 0; index < 3; index += 1) {
      const row = submission({ email: `daily${index}@example.com` });
      expect((await post(behindProxy, row, { from: "198.51.100.40" })).status).toBe(201);
    }
    const refused = await post(behindProxy, submission({ email: "daily9@example.com" }), {
      from: "198.51.100.40",
    });
    expect(refused.status).toBe(429);
    const { hint } = (await refused.json()) as { hint: string };
    expect(Number(/\d+/u.exec(hint)?.[0])).toBeGreaterThan(86_000);
  });

  it("refuses past 20 a day, and says to come back when the oldest is a day old", async () => {
    await setLimits(behindProxy, "per_client_burst = 100, per_client_daily = 3");
    for (let index = 0; index < 3; index += 1) {
      expect((await post(behindProxy, submission(), { from: "198.51.100.4" })).status).toBe(201);
    }
    const refused = await post(behindProxy, submission(), { from: "198.51.100.4" });
    expect(refused.status).toBe(429);
    const { hint } = (await refused.json()) as { hint: string };
    expect(Number(/\d+/u.exec(hint)?.[0])).toBeGreaterThan(86_000);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4", async () => {
    await setLimits(behindProxy, "per_client_burst = 1");
    expect((await post(behindProxy, submission(), { from: "2001:db8:1:2::1" })).status).toBe(201);
    expect((await post(behindProxy, submission(), { from: "2001:db8:1:2:ffff::9" })).status).toBe(
      429,
    );
    expect((await post(behindProxy, submission(), { from: "2001:db8:1:3::1" })).status).toBe(201);
    expect((await post(behindProxy, submission(), { from: "192.0.2.10" })).status).toBe(201);
    expect((await post(behindProxy, submission(), { from: "::ffff:192.0.2.10" })).status).toBe(429);
  });

  it("takes the address the trusted proxy appended, not one the client wrote before it", async () => {
    await setLimits(behindProxy, "per_client_burst = 2");
    for (const claimed of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) {
      const response = await post(behindProxy, submission(), { from: `${claimed}, 203.0.113.50` });
      expect(response.status).toBe(claimed === "10.0.0.3" ? 429 : 201);
    }
  });

  it("ignores X-Forwarded-For when no proxy is trusted: a spoofed address is the same client", async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await post(direct, submission(), { from: `192.0.2.${index}` });
      expect(response.status).toBe(201);
    }
    expect((await post(direct, submission(), { from: "192.0.2.99" })).status).toBe(429);
    expect(await stored(direct)).toHaveLength(5);
  });

  it("does not limit service_role, the server's own tools and imports", async () => {
    for (let index = 0; index < 8; index += 1) {
      const response = await post(behindProxy, submission(), {
        from: "203.0.113.9",
        key: behindProxy.keys.service_role,
      });
      expect(response.status).toBe(201);
    }
    expect(await stored(behindProxy)).toHaveLength(8);
  });

  it("keeps only a salted hash of the address, where no API role can read it", async () => {
    expect((await post(behindProxy, submission(), { from: "203.0.113.77" })).status).toBe(201);
    const { rows } = await behindProxy.db.query<{ client_hash: string; plain: string }>(
      `select client_hash, encode(sha256(convert_to('203.0.113.77', 'UTF8')), 'hex') as plain
         from private.submission_clients`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.client_hash).toMatch(/^[0-9a-f]{64}$/u);
    expect(rows[0]?.client_hash).not.toBe(rows[0]?.plain);
    const everything = await behindProxy.db.query<{ text: string }>(
      `select (select string_agg(t::text, ' ') from public.contact_submissions t) ||
              (select string_agg(c::text, ' ') from private.submission_clients c) as text`,
    );
    expect(everything.rows[0]?.text).not.toContain("203.0.113.77");

    for (const role of ["anon", "authenticated", "service_role"]) {
      for (const relation of ["submission_salt", "submission_clients", "submission_limits"]) {
        await expect(
          behindProxy.db.queryAs(
            { role, claims: JSON.stringify({ role }) },
            `select * from private.${relation}`,
            [],
          ),
        ).rejects.toMatchObject({ code: "42501" });
      }
    }
  });

  it("reads the client as a hosted project passes it: Cloudflare's header, else X-Forwarded-For's last entry", async () => {
    await setLimits(behindProxy, "per_client_burst = 1");
    const insert = (headers: Record<string, string>) =>
      behindProxy.db.queryAs(
        { role: "anon", claims: '{"role":"anon"}', headers: JSON.stringify(headers) },
        `insert into public.contact_submissions (name, email, message, form_source)
         values ('Layla', $1, $2, 'Contact Page')`,
        ["hosted@example.com", `Hosted ${(sequence += 1)}`],
      );
    await insert({ "cf-connecting-ip": "198.51.100.20", "x-forwarded-for": "1.1.1.1, 10.0.0.9" });
    await expect(
      insert({ "cf-connecting-ip": "198.51.100.20", "x-forwarded-for": "2.2.2.2, 10.0.0.9" }),
    ).rejects.toMatchObject({ code: "PT429" });
    await insert({ "x-forwarded-for": "6.6.6.6, 198.51.100.30" });
    await expect(insert({ "x-forwarded-for": "7.7.7.7, 198.51.100.30" })).rejects.toMatchObject({
      code: "PT429",
    });
  });

  it("maps PostgREST's PTxyz SQLSTATEs to their status, and others to 500", () => {
    expect(statusForSqlState("PT429")).toBe(429);
    expect(statusForSqlState("PT503")).toBe(503);
    expect(statusForSqlState("PT402")).toBe(402);
    expect(statusForSqlState("PTX01")).toBe(500);
  });
});

describe("the honeypot", () => {
  it("stores a submission that fills `website` as spam and answers it as any other", async () => {
    const caught = await post(behindProxy, submission({ website: "https://cheap.example" }), {
      from: "203.0.113.60",
    });
    const real = await post(behindProxy, submission({ website: "" }), { from: "203.0.113.61" });
    expect(caught.status).toBe(201);
    expect(real.status).toBe(201);
    expect(await caught.text()).toBe(await real.text());
    // Every header alike but the request's own id.
    const headers = (answer: Response) =>
      [...answer.headers.entries()].filter(([name]) => name !== "x-request-id");
    expect(headers(caught)).toEqual(headers(real));
    expect(caught.headers.get("x-request-id")).not.toBe(real.headers.get("x-request-id"));
    expect(await stored(behindProxy)).toMatchObject([
      { status: "spam", website: "https://cheap.example" },
      { status: "new", website: "" },
    ]);
  });

  it("treats blank, zero-width or absent as empty, and cuts a long value to 200 characters", async () => {
    await post(behindProxy, submission({ website: " \u200b\t" }), { from: "203.0.113.62" });
    await post(behindProxy, submission(), { from: "203.0.113.63" });
    const long = "x".repeat(5000);
    expect(
      (await post(behindProxy, submission({ website: long }), { from: "203.0.113.64" })).status,
    ).toBe(201);
    expect(await stored(behindProxy)).toMatchObject([
      { status: "new" },
      { status: "new", website: null },
      { status: "spam", website: "x".repeat(200) },
    ]);
  });

  it("marks a service_role insert that fills it too", async () => {
    const key = behindProxy.keys.service_role;
    await post(behindProxy, submission({ website: "bot" }), { key });
    expect(await stored(behindProxy)).toMatchObject([{ status: "spam" }]);
  });
});

describe("identical messages", () => {
  it("stores a message repeated from the same email within 10 minutes once, answering success", async () => {
    const row = submission();
    const first = await post(behindProxy, row, { from: "203.0.113.70" });
    const again = await post(
      behindProxy,
      { ...row, name: "Layla again", email: row.email.toUpperCase() },
      { from: "203.0.113.71" },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.text()).toBe("");
    expect(await stored(behindProxy)).toHaveLength(1);
  });

  it("stores it again for the other form, with other words, or once the window has passed", async () => {
    const row = submission();
    await post(behindProxy, row, { from: "203.0.113.72" });
    await post(
      behindProxy,
      { ...row, form_source: "Mutakallim Program" },
      { from: "203.0.113.72" },
    );
    await post(behindProxy, { ...row, message: `${row.message}!` }, { from: "203.0.113.72" });
    await behindProxy.db.exec(
      "update public.contact_submissions set created_at = created_at - interval '11 minutes'",
    );
    await post(behindProxy, row, { from: "203.0.113.72" });
    expect(await stored(behindProxy)).toHaveLength(4);
  });

  it("does not count a folded repeat against the client's limit", async () => {
    await setLimits(behindProxy, "per_client_burst = 2");
    const row = submission();
    for (let index = 0; index < 4; index += 1) {
      expect((await post(behindProxy, row, { from: "203.0.113.73" })).status).toBe(201);
    }
    expect((await post(behindProxy, submission(), { from: "203.0.113.73" })).status).toBe(201);
    expect((await post(behindProxy, submission(), { from: "203.0.113.73" })).status).toBe(429);
  });
});

describe("the daily ceiling", () => {
  it("refuses every visitor with 503 PT503 past it, and the log says why", async () => {
    await setLimits(behindProxy, "daily_ceiling = 3");
    for (const from of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      expect((await post(behindProxy, submission(), { from })).status).toBe(201);
    }
    const refused = await post(behindProxy, submission(), { from: "192.0.2.4" });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      code: "PT503",
      message: "Submissions are paused: the daily ceiling is reached",
      details: "3 submissions in the last 24 hours; the ceiling is 3",
      hint: "Try again later.",
    });
    expect((await post(behindProxy, submission(), { from: "192.0.2.5" })).status).toBe(503);
    expect(warnings).toEqual([
      {
        message: "submissions refused: the daily ceiling is reached",
        fields: expect.objectContaining({
          details: "3 submissions in the last 24 hours; the ceiling is 3",
        }) as LogFields,
      },
    ]);

    const key = behindProxy.keys.service_role;
    expect((await post(behindProxy, submission(), { key })).status).toBe(201);
    expect(await stored(behindProxy)).toHaveLength(4);
  });
});

describe("SUBMISSION_LIMITS=false", () => {
  it("lets a load test send as much as it likes from one client", async () => {
    const unlimited = await startTestServer({ submissionLimits: false });
    try {
      const row = submission();
      for (let index = 0; index < 7; index += 1) {
        expect((await post(unlimited, row)).status).toBe(201);
      }
      expect(await stored(unlimited)).toHaveLength(7);
    } finally {
      await unlimited.close();
    }
  });
});
