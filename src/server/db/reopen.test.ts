import { rename, rm, stat, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { onPostgres } from "../../../tests/support/postgres-databases.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { LogFields, Logger } from "../log.ts";
import { statementTimeoutError } from "./database.ts";

// The embedded database's thread is replaced when a statement passes its bound or the thread
// dies. Here the files stop being reachable while it is down (the data directory replaced by a
// file, which fails the opening as root too, where a mode of 000 would not), so the reopening
// fails until they are put back. PostgreSQL has no thread to reopen: its pool reconnects by
// itself, proven in tests/process/postgres/database-away.test.ts.

interface Line {
  level: "info" | "warn" | "error";
  message: string;
  fields: LogFields;
}

function recordingLogger(): { log: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const record =
    (level: Line["level"]) =>
    (message: string, fields: LogFields = {}) =>
      void lines.push({ level, message, fields });
  return { log: { info: record("info"), warn: record("warn"), error: record("error") }, lines };
}

let server: TestServer | undefined;
let restore: (() => Promise<void>) | undefined;
afterEach(async () => {
  await restore?.();
  restore = undefined;
  await server?.close();
  server = undefined;
});

/** Puts a file where the database's directory was, and answers how to put the directory back. */
async function makeUnreachable(directory: string): Promise<() => Promise<void>> {
  const aside = `${directory}.aside`;
  await rename(directory, aside);
  await writeFile(directory, "");
  let restored = false;
  return async () => {
    if (restored) return;
    restored = true;
    await rm(directory, { force: true });
    await rename(aside, directory);
  };
}

/** A statement past its bound: the thread is ended and the database opened again. */
function passItsBound(current: TestServer): Promise<unknown> {
  return current.db.transaction((tx) => tx.query("select pg_sleep(30)"), {
    statementTimeout: "300ms",
  });
}

const unavailable = {
  code: "PGRST001",
  message: "Database client error. Retrying the connection.",
  details: "The database cannot be reached right now.",
  hint: null,
};

describe.skipIf(onPostgres())("the embedded database when it cannot be reopened", () => {
  it("answers 503 at once meanwhile, tries again, and serves again when it opens", async () => {
    const { log, lines } = recordingLogger();
    const current = await startTestServer({ embeddedThread: true, log });
    server = current;
    const directory = current.directory ?? "";
    const { service_role: service, anon } = current.keys;
    const read = () =>
      current.app.request("/rest/v1/contact_submissions?select=email", {
        headers: { apikey: service, authorization: `Bearer ${service}` },
      });
    expect((await read()).status).toBe(200);

    const stopped = passItsBound(current);
    restore = await makeUnreachable(directory);
    // The statement was cancelled whether or not the database opened again.
    await expect(stopped).rejects.toMatchObject(statementTimeoutError());

    const refused = await read();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual(unavailable);
    expect(refused.headers.get("proxy-status")).toBe("PostgREST; error=PGRST001");
    const signIn = await current.app.request("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { apikey: anon, "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "long enough password" }),
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("x-sb-error-code")).toBe("unexpected_failure");
    expect((await current.app.request("/readyz")).status).toBe(503);
    expect((await current.app.request("/livez")).status).toBe(200);
    // Refused without waiting for the database: it cannot open until the directory is restored
    // below, after these answers.

    const failures = () => lines.filter((line) => line.message.includes("could not be reopened"));
    const failure = failures()[0];
    expect(failure?.level).toBe("error");
    expect(failure?.message).toBe(
      "the embedded database could not be reopened: requests answer 503 until it is",
    );
    expect(failure?.fields.error).toContain(
      `Could not open the embedded database in ${directory}: ENOTDIR`,
    );
    expect(failure?.fields).toMatchObject({ attempts: 1, retry_ms: 100 });

    await restore();
    await expect.poll(async () => (await read()).status, { timeout: 20_000 }).toBe(200);
    expect((await current.app.request("/readyz")).status).toBe(200);
    const reopened = lines.find((line) => line.message.endsWith("was reopened"));
    expect(reopened?.message).toBe(
      "a statement passed its bound: the embedded database was reopened",
    );
    expect(reopened?.fields.attempts).toBeGreaterThan(1);
    // Each failed attempt said so once, the waits between them doubling.
    const retries = failures().map((line) => line.fields.retry_ms);
    expect(retries.length).toBe(Number(reopened?.fields.attempts) - 1);
    expect(retries).toEqual(retries.map((_, index) => Math.min(100 * 2 ** index, 5000)));
  });

  it("closes while it is down, without waiting for it to open", async () => {
    const { log } = recordingLogger();
    const current = await startTestServer({ embeddedThread: true, log });
    server = current;
    const directory = current.directory ?? "";
    const stopped = passItsBound(current);
    restore = await makeUnreachable(directory);
    await expect(stopped).rejects.toMatchObject({ code: "57014" });

    const closing = performance.now();
    await current.close();
    server = undefined;
    // At most the attempt under way, not the waits to come.
    expect(performance.now() - closing).toBeLessThan(10_000);
    await restore();
    expect((await stat(directory)).isDirectory()).toBe(true);
    await rm(directory, { recursive: true, force: true });
  });
});
