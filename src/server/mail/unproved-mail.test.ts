import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { silentLogger } from "../log.ts";
import { MailWorker } from "./worker.ts";

// A spammer's flood of registrations, each from a client address of its own (a botnet), each
// naming another address and carrying a lure in the name: the site must not become a relay.
const lure = "You won 5000 USD, claim it at https://phish.example/prize today";
const team = ["team@kalima.example"];

let server: TestServer;
let sink: SmtpSink;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-relay-"));
  for (const [file, language] of [
    ["mutakallim/index.html", "ar"],
    ["en/mutakallim/index.html", "en"],
    ["__not-found/index.html", "ar"],
    ["en/__not-found/index.html", "en"],
  ] as const) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), `<!DOCTYPE html><html lang="${language}"></html>`);
  }
  server = await startTestServer({
    siteDir: directory,
    submissionLimits: true,
    trustProxyHeader: "x-forwarded-for",
  });
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});
beforeEach(async () => {
  await server.db.query("delete from public.mail_outbox");
  await server.db.query("delete from public.contact_submissions");
  await server.db.query("delete from private.submission_clients");
  await server.db.query("update private.submission_limits set unproved_mail_per_hour = 50");
  sink.received.length = 0;
});

function worker() {
  return new MailWorker({
    db: server.db,
    mail: {
      smtpUrl: sink.url,
      from: "Kalima <mail@kalima.example>",
      notifyTo: team,
      notifyLanguage: "en",
      claimSeconds: 20,
    },
    siteUrl: "https://kalima.example",
    log: silentLogger,
  });
}

function victim(index: number) {
  return `victim-${index}@example.org`;
}

/** The registration a bot posts through the REST API, as supabase-js would. */
async function postThroughApi(index: number, attempt = 0) {
  const answer = await server.app.request("/rest/v1/contact_submissions", {
    method: "POST",
    headers: {
      apikey: server.keys.anon,
      authorization: `Bearer ${server.keys.anon}`,
      "content-type": "application/json",
      "x-forwarded-for": `198.51.${Math.floor(index / 200)}.${index % 200}`,
    },
    body: JSON.stringify({
      name: lure,
      email: victim(index),
      phone: "+1 555 0100",
      message: `${lure} (${index}.${attempt})`,
      form_source: "Mutakallim Program",
      language: index % 2 ? "en" : "ar",
    }),
  });
  expect(answer.status).toBe(201);
}

/** The registration a bot posts as a plain HTML form, from any site. */
async function postAsForm(index: number) {
  const answer = await server.app.request(index % 2 ? "/en/mutakallim" : "/mutakallim", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://spam.example",
      "x-forwarded-for": `203.0.${Math.floor(index / 200)}.${index % 200}`,
    },
    body: new URLSearchParams({
      name: lure,
      email: victim(index),
      message: `${lure} (${index})`,
      answer: "5",
    }).toString(),
  });
  expect(answer.status).toBe(303);
}

async function drain(mailWorker: MailWorker) {
  while (await mailWorker.deliverNext());
}

describe("confirmations to addresses nobody has proved", () => {
  it("80 registrations from 80 clients: every one stored and told to the team, 50 confirmed, none carrying the sender's words", async () => {
    const flood = Array.from({ length: 80 }, (_, index) => index);
    for (let start = 0; start < flood.length; start += 10) {
      await Promise.all(
        flood
          .slice(start, start + 10)
          .map((index) => (index % 4 === 3 ? postAsForm(index) : postThroughApi(index))),
      );
    }
    await drain(worker());

    const { rows: stored } = await server.db.query<{ count: number }>(
      "select count(*)::int as count from public.contact_submissions where form_source = 'Mutakallim Program'",
    );
    expect(stored[0]?.count).toBe(80);
    const toTeam = sink.received.filter((mail) => mail.envelopeTo.includes(team[0] ?? ""));
    expect(toTeam).toHaveLength(80);
    const confirmations = sink.received.filter((mail) => !mail.envelopeTo.includes(team[0] ?? ""));
    expect(confirmations).toHaveLength(50);
    for (const mail of confirmations) {
      expect(mail.envelopeTo).toHaveLength(1);
      expect(mail.envelopeTo[0]).toMatch(/^victim-\d+@example\.org$/u);
      for (const part of [mail.raw, mail.parsed.text ?? "", String(mail.parsed.html)]) {
        // "5000" only beside its currency: a Message-ID or a MIME boundary is random hex, where
        // those four digits turn up now and then.
        expect(part).not.toMatch(/phish|5000 USD|USD|claim|555 0100/iu);
      }
    }

    const { rows: withheld } = await server.db.query<{ count: number; reason: string }>(
      `select count(*)::int as count, min(last_error) as reason from public.mail_outbox
        where kind = 'registration' and status = 'withheld'`,
    );
    expect(withheld[0]).toEqual({ count: 30, reason: "hourly_bound_reached" });
  }, 180_000);

  it("the bound is a setting in the database: at 0, no confirmation leaves, and the team still hears", async () => {
    await server.db.query("update private.submission_limits set unproved_mail_per_hour = 0");
    for (let index = 0; index < 3; index += 1) await postThroughApi(index);
    await drain(worker());
    expect(sink.received).toHaveLength(3);
    expect(sink.received.every((mail) => mail.envelopeTo.includes(team[0] ?? ""))).toBe(true);
  });

  it("tells the team, for each registration, whether its confirmation was withheld and why", async () => {
    await server.db.query("update private.submission_limits set unproved_mail_per_hour = 1");
    await postThroughApi(1);
    await postThroughApi(1, 1);
    await postThroughApi(2);
    const { rows } = await server.db.query<{ email: string; status: string; last_error: string }>(
      `select s.email, m.status, coalesce(m.last_error, '') as last_error
         from public.mail_outbox m join public.contact_submissions s on s.id = m.submission_id
        where m.kind = 'registration' order by m.id`,
    );
    expect(rows).toEqual([
      { email: victim(1), status: "pending", last_error: "" },
      { email: victim(1), status: "withheld", last_error: "address_confirmed_within_hour" },
      { email: victim(2), status: "withheld", last_error: "hourly_bound_reached" },
    ]);
  });
});
