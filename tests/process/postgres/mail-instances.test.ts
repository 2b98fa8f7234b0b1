import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insert, processJwtSecret, processKeys } from "../../support/api.ts";
import { deliveryFigures } from "../../support/mail-counts.ts";
import { createDatabase, type TestDatabase } from "../../support/postgres-databases.ts";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.ts";
import {
  makeDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../../support/spawn-server.ts";

// Two instances deliver one outbox; one is killed the moment the SMTP server has accepted one of
// its mails, before it can mark it sent, and started again. Every mail arrives; the one the kill
// fell upon may arrive twice, with the same Message-ID.
let database: TestDatabase;
let dataDirs: string[];
let sink: SmtpSink;
const instances: RunningServer[] = [];
const claimSeconds = 6;
let killedFirst: () => void;
const firstKilled = new Promise<void>((resolve) => (killedFirst = resolve));

function env(name: string): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    JWT_SECRET: processJwtSecret,
    LOG_REQUESTS: "false",
    // Every submission comes from this one client: past the database's per-client limit.
    SUBMISSION_LIMITS: "false",
    API_RATE_LIMIT: "0",
    // `name` is the EHLO name, so the SMTP server knows which instance sent a mail.
    SMTP_URL: `${sink.url}&name=${name}`,
    MAIL_FROM: "Kalima <mail@kalima.example>",
    NOTIFY_TO: "team@kalima.example",
    MAIL_CLAIM_SECONDS: String(claimSeconds),
  };
}

async function outboxIds(): Promise<{ id: string; status: string }[]> {
  const connection = new pg.Client({ connectionString: database.url });
  await connection.connect();
  try {
    const { rows } = await connection.query<{ id: string; status: string }>(
      "select '<' || message_id || '@kalima.example>' as id, status from public.mail_outbox order by id",
    );
    return rows;
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  database = await createDatabase("mail");
  dataDirs = await Promise.all([makeDataDir(), makeDataDir(), makeDataDir()]);
  // Slow acceptance: there is always a mail in flight when the kill comes.
  sink = await startSmtpSink({
    acceptDelayMs: 100,
    onAccepted(mail) {
      const first = instances[0];
      const fromFirst = sink.received.filter((each) => each.client === "first.test");
      if (mail.client === "first.test" && fromFirst.length === 5 && first) {
        first.process.kill("SIGKILL");
        killedFirst();
      }
    },
  });
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
  await sink?.stop();
  await database?.drop();
  await Promise.all((dataDirs ?? []).map(removeDataDir));
});

describe("two instances sharing one outbox on PostgreSQL", () => {
  it("deliver every mail, once but for the one a SIGKILL fell between acceptance and mark", async () => {
    const keys = await processKeys();
    const [one, two, three] = dataDirs as [string, string, string];
    instances.push(await spawnServer(env("first.test"), one));
    instances.push(await spawnServer(env("second.test"), two));
    const [first, second] = instances as [RunningServer, RunningServer];

    const submissions = 30;
    let registrations = 0;
    for (let index = 0; index < submissions; index += 1) {
      const registering = index % 3 === 0;
      if (registering) registrations += 1;
      // Through the second: the first is killed while they arrive.
      const response = await insert(second.url, keys.anon, {
        name: `Visitor ${index}`,
        email: `visitor${index}@example.com`,
        phone: null,
        message: `Message ${index}`,
        form_source: registering ? "Mutakallim Program" : "Contact Page",
        language: index % 2 === 0 ? "ar" : "en",
      });
      expect(response.status).toBe(201);
    }

    await firstKilled;
    expect(await first.stop()).toBeNull();
    instances[0] = await spawnServer(env("first.test"), three);

    const expected = submissions + registrations;
    await sink.waitFor(expected, 45_000);
    // Until every mail is recorded sent: a claim left by the kill runs out and is taken over
    // first, and no mail is sent again after that.
    await expect
      .poll(async () => (await outboxIds()).every((row) => row.status === "sent"), {
        timeout: (claimSeconds + 30) * 1000,
        interval: 250,
      })
      .toBe(true);

    const rows = await outboxIds();
    expect(rows).toHaveLength(expected);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const figures = deliveryFigures(
      submissions,
      rows.map((row) => row.id),
      sink.received,
    );
    process.stdout.write(`two instances, one killed: ${JSON.stringify(figures)}\n`);
    expect(figures.missing).toBe(0);
    expect(figures.duplicates).toBeLessThanOrEqual(1);
    expect(new Set(sink.received.map((mail) => mail.client))).toEqual(
      new Set(["first.test", "second.test"]),
    );
  });
});
