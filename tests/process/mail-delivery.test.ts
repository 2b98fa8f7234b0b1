import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAt, insert, processJwtSecret, processKeys } from "../support/api.ts";
import { deliveryFigures } from "../support/mail-counts.ts";
import { createDatabase, onPostgres, type TestDatabase } from "../support/postgres-databases.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import {
  makeMigratedDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../support/spawn-server.ts";

const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";

describe(`mail while the SMTP server is down, on ${databaseKind}`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let sink: SmtpSink;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = await makeMigratedDataDir();
    database = onPostgres() ? await createDatabase("mail_down") : undefined;
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await sink.stop();
    await database?.drop();
    await removeDataDir(dataDir);
  });

  it("accepts every submission, then delivers each mail exactly once when the server is back", async () => {
    const keys = await processKeys();
    await sink.stop();
    server = await spawnServer(
      {
        JWT_SECRET: processJwtSecret,
        LOG_REQUESTS: "false",
        // Every submission comes from this one client: past the database's per-client limit.
        SUBMISSION_LIMITS: "false",
        API_RATE_LIMIT: "0",
        SMTP_URL: sink.url,
        MAIL_FROM: "Kalima <mail@kalima.example>",
        NOTIFY_TO: "team@kalima.example",
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      dataDir,
    );
    const submissions = 20;
    let registrations = 0;
    for (let index = 0; index < submissions; index += 1) {
      const registering = index % 4 === 0;
      if (registering) registrations += 1;
      const response = await insert(server.url, keys.anon, {
        name: `Visitor ${index}`,
        email: `down${index}@example.com`,
        phone: null,
        message: `Message ${index}`,
        form_source: registering ? "Mutakallim Program" : "Contact Page",
        language: "en",
      });
      expect(response.status).toBe(201);
    }
    // Every mail is tried and refused before the server comes back.
    const running = server;
    await expect
      .poll(() => running.output().match(/"message":"mail not sent; will try again"/gu)?.length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(submissions + registrations);
    expect(sink.received).toHaveLength(0);

    await sink.start();
    const expected = submissions + registrations;
    await sink.waitFor(expected, 40_000);
    // Until the outbox records every mail sent: none is sent again after that.
    const outbox = clientAt(server.url, keys.service_role);
    await expect
      .poll(
        async () => {
          const { data, error } = await outbox.from("mail_outbox").select("status");
          if (error) throw error;
          const sent = data.filter((row) => row.status === "sent").length;
          return sent === expected && data.every((row) => row.status !== "pending");
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    const ids = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"message":"mail sent"'));
    const figures = deliveryFigures(submissions, expected, sink.received);
    process.stdout.write(`SMTP down, then up (${databaseKind}): ${JSON.stringify(figures)}\n`);
    expect(figures).toMatchObject({ delivered: expected, duplicates: 0, missing: 0 });
    expect(ids).toHaveLength(expected);
  }, 90_000);
});
