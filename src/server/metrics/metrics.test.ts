import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../../../tests/support/postgres-databases.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { silentLogger } from "../log.ts";
import { serveMetrics } from "./metrics-server.ts";

// GET /metrics on a listener of its own, scraped over HTTP after real requests to an app on the
// embedded database's own thread (its fair queue measures the waits), as the server runs it.
const token = "metrics-test-token-0123456789";
const sites: string[] = [];
let server: TestServer;
let metricsListener: ServerType;
let publicListener: ServerType;
let metricsUrl: string;
let publicUrl: string;

async function siteWithPages(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), "kalima-metrics-site-"));
  for (const [file, body] of [
    ["index.html", "<!DOCTYPE html><html lang=ar><body>home</body></html>"],
    ["contact/index.html", "<!DOCTYPE html><html lang=ar><body><form method=post></form></body>"],
    ["__not-found/index.html", "<!DOCTYPE html><html lang=ar><body>not found</body></html>"],
    ["en/__not-found/index.html", "<!DOCTYPE html><html lang=en><body>not found</body></html>"],
  ] as const) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), body);
  }
  sites.push(directory);
  return directory;
}

function portOf(listener: ServerType): number {
  return (listener.address() as AddressInfo).port;
}

beforeAll(async () => {
  server = await startTestServer({
    metrics: true,
    embeddedThread: true,
    submissionLimits: true,
    trustProxyHeader: "x-forwarded-for",
    siteDir: await siteWithPages(),
  });
  const metrics = server.metrics;
  if (!metrics) throw new Error("the test server counts nothing");
  metricsListener = await serveMetrics(
    metrics,
    { port: 0, host: "127.0.0.1", token },
    silentLogger,
  );
  metricsUrl = `http://127.0.0.1:${portOf(metricsListener)}/metrics`;
  publicListener = await new Promise<ServerType>((resolve) => {
    const listener = serve({ fetch: server.app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(listener),
    );
  });
  publicUrl = `http://127.0.0.1:${portOf(publicListener)}`;
});
afterAll(async () => {
  await new Promise((resolve) => metricsListener.close(resolve));
  await new Promise((resolve) => publicListener.close(resolve));
  await server.close();
  for (const directory of sites) await rm(directory, { recursive: true, force: true });
});

type Labels = Record<string, string>;

/** Every sample of the exposition: name, labels and value, one per line that is not a comment. */
function samples(text: string): { name: string; labels: Labels; value: number }[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/u.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/gu)].map((label) => [
          label[1],
          label[2],
        ]),
      ) as Labels;
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

async function scrape(): Promise<string> {
  const answer = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/u);
  return answer.text();
}

/** A sample's value, 0 when the exposition has none with these labels (a counter not yet moved). */
function valueOf(text: string, name: string, labels: Labels = {}): number {
  const found = samples(text).find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

/** How much each named sample moved while `work` ran. */
async function moved(
  watched: [name: string, labels?: Labels][],
  work: () => Promise<void>,
): Promise<number[]> {
  const before = await scrape();
  await work();
  const after = await scrape();
  return watched.map(
    ([name, labels]) => valueOf(after, name, labels) - valueOf(before, name, labels),
  );
}

let sequence = 0;
function submission(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: "Layla",
    email: `metrics${sequence}@example.com`,
    phone: null,
    message: `Message number ${sequence}`,
    form_source: "Contact Page",
    ...overrides,
  };
}

function insert(row: object, from: string) {
  const key = server.keys.anon;
  return fetch(`${publicUrl}/rest/v1/contact_submissions`, {
    method: "POST",
    body: JSON.stringify(row),
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "x-forwarded-for": from,
    },
  });
}

const outcome = (name: string): [string, Labels] => ["kalima_submissions_total", { outcome: name }];

describe("GET /metrics", () => {
  it("is refused without the token, or with another, and the listener serves nothing else", async () => {
    const missing = await fetch(metricsUrl);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const wrong = await fetch(metricsUrl, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("kalima_");
    const elsewhere = await fetch(metricsUrl.replace("/metrics", "/"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("is not found on the public port", async () => {
    const answer = await fetch(`${publicUrl}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("kalima_");
  });

  it("serves no backup on the public port, whatever the key", async () => {
    for (const key of [undefined, server.keys.anon, server.keys.service_role]) {
      const answer = await fetch(`${publicUrl}/backup/v1`, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
      expect({ key, status: answer.status }).toEqual({ key, status: 404 });
      expect(await answer.text()).not.toContain("Kalima backup");
    }
  });

  it("counts requests by route family and status, with a latency histogram and no paths", async () => {
    const [pages, missing, health] = await moved(
      [
        ["kalima_http_requests_total", { family: "page", status: "200" }],
        ["kalima_http_requests_total", { family: "page", status: "404" }],
        ["kalima_http_requests_total", { family: "health", status: "200" }],
      ],
      async () => {
        expect((await fetch(`${publicUrl}/`)).status).toBe(200);
        expect((await fetch(`${publicUrl}/no/such/page-${Date.now()}`)).status).toBe(404);
        expect((await fetch(`${publicUrl}/readyz`)).status).toBe(200);
      },
    );
    expect([pages, missing, health]).toEqual([1, 1, 1]);

    const text = await scrape();
    const buckets = samples(text).filter(
      (sample) =>
        sample.name === "kalima_http_request_duration_seconds_bucket" &&
        sample.labels.family === "page",
    );
    expect(buckets.map((bucket) => bucket.labels.le)).toContain("+Inf");
    expect(buckets.length).toBeGreaterThan(5);
    expect(valueOf(text, "kalima_http_request_duration_seconds_count", { family: "page" })).toBe(
      buckets.find((bucket) => bucket.labels.le === "+Inf")?.value,
    );
    expect(text).not.toContain("no/such/page");
  });

  it("measures the embedded database's queue wait of the requests that used it (PostgreSQL has none)", async () => {
    const [waits] = await moved(
      [["kalima_database_queue_wait_seconds_count", { family: "rest" }]],
      async () => {
        expect((await insert(submission(), "198.51.100.1")).status).toBe(201);
      },
    );
    expect(waits).toBe(onPostgres() ? 0 : 1);
  });

  it("counts a stored submission, spam, a duplicate, an invalid one and one past the limit", async () => {
    await server.db.exec(
      "update private.submission_limits set per_client_burst = 3, per_address_burst = 3",
    );
    try {
      const counts = await moved(
        ["stored", "spam", "duplicate", "invalid", "limit"].map(outcome),
        async () => {
          const once = submission();
          expect((await insert(once, "198.51.100.2")).status).toBe(201);
          expect((await insert(once, "198.51.100.2")).status).toBe(201);
          const spam = submission({ website: "https://spam.example" });
          expect((await insert(spam, "198.51.100.2")).status).toBe(201);
          expect((await insert(submission({ name: " " }), "198.51.100.2")).status).toBe(400);
          expect((await insert(submission(), "198.51.100.2")).status).toBe(201);
          expect((await insert(submission(), "198.51.100.2")).status).toBe(429);
        },
      );
      expect(counts).toEqual([2, 1, 1, 1, 1]);
    } finally {
      await server.db.exec(
        "update private.submission_limits set per_client_burst = default, per_address_burst = default",
      );
    }
  });

  it("counts the rows of an array, and a request refused before its body was read as one", async () => {
    const counts = await moved(["stored", "invalid"].map(outcome), async () => {
      expect((await insert([submission(), submission()], "198.51.100.3")).status).toBe(201);
      const key = server.keys.anon;
      const notJson = await fetch(`${publicUrl}/rest/v1/contact_submissions`, {
        method: "POST",
        body: "name=Layla",
        headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "text/plain" },
      });
      expect(notJson.status).toBe(415);
    });
    expect(counts).toEqual([2, 1]);
  });

  it("counts a form posted without scripts once, and one the form refuses as invalid", async () => {
    const counts = await moved(
      [
        ...["stored", "invalid"].map(outcome),
        ["kalima_http_requests_total", { family: "form", status: "303" }],
        ["kalima_http_requests_total", { family: "rest", status: "201" }],
      ],
      async () => {
        const fields = {
          name: "ليلى",
          email: `form${Date.now()}@example.com`,
          message: "مرحبا",
          answer: "٥",
        };
        const sent = await fetch(`${publicUrl}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": "198.51.100.4",
          },
          body: new URLSearchParams(fields).toString(),
        });
        expect(sent.status).toBe(303);
        const wrongType = await fetch(`${publicUrl}/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(fields),
        });
        expect(wrongType.status).toBe(415);
      },
    );
    // The form's own insert through /rest/v1 is part of the form's request, not one of its own.
    expect(counts).toEqual([1, 1, 1, 0]);
  });

  it("counts a failed password sign-in by its code", async () => {
    const [failures] = await moved(
      [["kalima_auth_sign_in_failures_total", { reason: "invalid_credentials" }]],
      async () => {
        const answer = await fetch(`${publicUrl}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: { apikey: server.keys.anon, "content-type": "application/json" },
          body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
        });
        expect(answer.status).toBe(400);
      },
    );
    expect(failures).toBe(1);
  });

  it("counts a TOTP verification refused while its factor is locked", async () => {
    const auth = (route: string, body: object, bearer?: string) =>
      fetch(`${publicUrl}/auth/v1${route}`, {
        method: "POST",
        headers: {
          apikey: server.keys.anon,
          authorization: `Bearer ${bearer ?? server.keys.anon}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const signedUp = await auth("/signup", {
      email: `totp${Date.now()}@example.com`,
      password: "a-long-password-1",
    });
    expect(signedUp.status).toBe(200);
    const { access_token: bearer, user } = (await signedUp.json()) as {
      access_token: string;
      user: { id: string };
    };
    const enrolled = await auth("/factors", { factor_type: "totp", issuer: "Kalima" }, bearer);
    expect(enrolled.status).toBe(200);
    const { id: factorId } = (await enrolled.json()) as { id: string };
    // Five wrong codes in the window, as auth/mfa-failures.ts counts them.
    await server.db.query(
      `insert into auth.mfa_verification_failures (user_id, factor_id, created_at)
       select $1, $2, now() from generate_series(1, 5)`,
      [user.id, factorId],
    );
    const [lockouts] = await moved([["kalima_auth_totp_lockouts_total"]], async () => {
      const challenged = await auth(`/factors/${factorId}/challenge`, {}, bearer);
      expect(challenged.status).toBe(200);
      const { id: challengeId } = (await challenged.json()) as { id: string };
      const refused = await auth(
        `/factors/${factorId}/verify`,
        { challenge_id: challengeId, code: "123456" },
        bearer,
      );
      expect(refused.status).toBe(429);
    });
    expect(lockouts).toBe(1);
  });

  it("reads the mail outbox at each scrape: pending, failed and the oldest pending's age", async () => {
    await server.db.exec("delete from public.mail_outbox");
    await server.db.exec(
      `insert into public.mail_outbox (kind, recipient, status, created_at) values
         ('invite', 'a@example.com', 'pending', now() - interval '90 seconds'),
         ('invite', 'b@example.com', 'pending', now()),
         ('invite', 'c@example.com', 'failed', now() - interval '2 days'),
         ('invite', 'd@example.com', 'sent', now() - interval '3 days')`,
    );
    const text = await scrape();
    expect(valueOf(text, "kalima_mail_outbox_up")).toBe(1);
    expect(valueOf(text, "kalima_mail_outbox_mails", { status: "pending" })).toBe(2);
    expect(valueOf(text, "kalima_mail_outbox_mails", { status: "failed" })).toBe(1);
    const age = valueOf(text, "kalima_mail_outbox_oldest_pending_age_seconds");
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);

    await server.db.exec("delete from public.mail_outbox");
    const empty = await scrape();
    expect(valueOf(empty, "kalima_mail_outbox_mails", { status: "pending" })).toBe(0);
    expect(valueOf(empty, "kalima_mail_outbox_oldest_pending_age_seconds")).toBe(0);
  });

  it("says how long ago the team's mailbox was read for answers, and NaN while it never was", async () => {
    await server.db.exec("delete from private.mailbox_watch");
    expect(valueOf(await scrape(), "kalima_mailbox_last_read_age_seconds")).toBeNaN();
    await server.db.exec(
      `insert into private.mailbox_watch (mailbox, holder, held_until, checked_at)
       values ('team@imap.example:993/INBOX', 'an instance', now(), now() - interval '75 seconds')`,
    );
    const age = valueOf(await scrape(), "kalima_mailbox_last_read_age_seconds");
    expect(age).toBeGreaterThanOrEqual(75);
    expect(age).toBeLessThan(120);
    await server.db.exec("delete from private.mailbox_watch");
  });

  it("carries Node's own metrics: event-loop lag and memory", async () => {
    const text = await scrape();
    expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
  });
});
