import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insert, processJwtSecret, processKeys, storedEmails, submission } from "../support/api.ts";
import { createDatabase, onPostgres, type TestDatabase } from "../support/postgres-databases.ts";
import { makeMigratedDataDir, removeDataDir, spawnServer } from "../support/spawn-server.ts";

const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";

describe(`an insert answered 201 survives the server being killed, on ${databaseKind}`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await makeMigratedDataDir();
    database = onPostgres() ? await createDatabase("durability") : undefined;
    env = {
      JWT_SECRET: processJwtSecret,
      LOG_REQUESTS: "false",
      // Hundreds of inserts from one client: the database's limits would refuse all but five.
      SUBMISSION_LIMITS: "false",
      API_RATE_LIMIT: "0",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await database?.drop();
    await removeDataDir(dataDir);
  });

  it("keeps every acknowledged row after SIGKILL in the middle of concurrent inserts", async () => {
    const keys = await processKeys();
    const first = await spawnServer(env, dataDir);
    const sent = new Set<string>();
    const acknowledged: string[] = [];
    let sending = true;
    let killed = false;

    const sender = async (worker: number) => {
      for (let index = 0; sending; index += 1) {
        const email = `durable-${worker}-${index}@example.com`;
        sent.add(email);
        try {
          const response = await insert(first.url, keys.anon, submission(email));
          if (response.status === 201) acknowledged.push(email);
          else throw new Error(`insert answered ${response.status}: ${await response.text()}`);
        } catch (error) {
          // Requests in flight when the server dies fail; no other may.
          if (!killed) throw error;
        }
      }
    };
    const senders = Array.from({ length: 16 }, (_, worker) => sender(worker));
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(300);
    killed = true;
    first.process.kill("SIGKILL");
    sending = false;
    await first.stop();
    await Promise.all(senders);

    const second = await spawnServer(env, dataDir);
    try {
      const stored = await storedEmails(second.url, keys.service_role);
      const lost = acknowledged.filter((email) => !stored.has(email));
      expect(lost).toEqual([]);
      expect([...stored].every((email) => sent.has(email))).toBe(true);
      expect((await insert(second.url, keys.anon, submission("after@example.com"))).status).toBe(
        201,
      );
    } finally {
      await second.stop();
    }
  });
});
