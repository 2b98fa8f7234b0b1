import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insert, processJwtSecret, processKeys } from "../../support/api.ts";
import { startTeamMailbox, type TeamMailbox } from "../../support/imap-mailbox.ts";
import { createDatabase, type TestDatabase } from "../../support/postgres-databases.ts";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";

// Two instances on one PostgreSQL database, both told to read the team's mailbox (IMAP_URL):
// the visitor's answers arrive while both run, and each is threaded once.
let database: TestDatabase;
let dataDirs: string[];
let sink: SmtpSink;
let mailbox: TeamMailbox;
const instances: RunningServer[] = [];

async function query<Row extends pg.QueryResultRow>(text: string): Promise<Row[]> {
  const connection = new pg.Client({ connectionString: database.url });
  await connection.connect();
  try {
    return (await connection.query<Row>(text)).rows;
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  database = await createDatabase("answers");
  dataDirs = await Promise.all([makeDataDir(), makeDataDir()]);
  sink = await startSmtpSink();
  mailbox = await startTeamMailbox();
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
  await mailbox?.stop();
  await sink?.stop();
  await database?.drop();
  await Promise.all((dataDirs ?? []).map(removeDataDir));
});

describe("two instances reading one team mailbox on PostgreSQL", () => {
  it("thread each answer once", async () => {
    const keys = await processKeys();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: processJwtSecret,
      LOG_REQUESTS: "false",
      SMTP_URL: sink.url,
      MAIL_FROM: "Kalima <mail@kalima.example>",
      NOTIFY_TO: "team@kalima.example",
      IMAP_URL: mailbox.url,
    };
    for (const dataDir of dataDirs) instances.push(await spawnServer(env, dataDir));
    const [first] = instances as [RunningServer, RunningServer];

    // A registration: its confirmation is the mail the visitor answers.
    const response = await insert(first.url, keys.anon, {
      name: "Layla",
      email: "layla@example.com",
      phone: null,
      message: "I would like to join.",
      form_source: "Mutakallim Program",
      language: "en",
    });
    expect(response.status).toBe(201);
    await sink.waitFor(2, 30_000);
    const confirmation = sink.received.find((mail) =>
      mail.envelopeTo.includes("layla@example.com"),
    );
    const confirmationId = confirmation?.parsed.messageId;
    expect(confirmationId).toMatch(/^<[0-9a-f-]{36}@kalima\.example>$/u);

    const answers = 6;
    for (let index = 0; index < answers; index += 1) {
      await mailbox.deliver(
        [
          "From: Layla <layla@example.com>",
          "To: team@kalima.example",
          `Subject: Re: ${confirmation?.parsed.subject ?? ""}`,
          `Message-ID: <${randomUUID()}@example.com>`,
          `In-Reply-To: ${confirmationId ?? ""}`,
          "Content-Type: text/plain; charset=utf-8",
          "",
          `Answer ${index}`,
          "",
        ].join("\r\n"),
      );
    }
    const threaded = () =>
      query<{ body: string }>(
        "select body from public.submission_messages where direction = 'in' order by id",
      );
    await expect.poll(async () => (await threaded()).length, { timeout: 60_000 }).toBe(answers);
    // Both instances go on running and looking: still once each.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const bodies = (await threaded()).map((row) => row.body).sort();
    expect(bodies).toEqual(Array.from({ length: answers }, (_, index) => `Answer ${index}`));
    const holds = await query<{ holder: string }>("select holder from private.mailbox_watch");
    expect(holds).toHaveLength(1);
    const [{ status } = { status: "" }] = await query<{ status: string }>(
      "select status from public.contact_submissions",
    );
    expect(status).toBe("new");
  });
});
