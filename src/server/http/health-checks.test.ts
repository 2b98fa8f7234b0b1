import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServer,
  testPoolSize,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { readyz } from "./health-checks.ts";

// The embedded database as the server runs it, on its thread: a statement that holds it must not
// hold up the check's own answer.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ embeddedThread: true });
});
afterAll(() => server.close());

async function check(path: string) {
  const started = performance.now();
  const response = await server.app.request(path);
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: await response.text(),
    ms: performance.now() - started,
  };
}

describe("GET /livez and GET /readyz", () => {
  it.each([
    ["/livez", "live\n"],
    ["/readyz", "ready\n"],
  ])("%s answers 200, never cached", async (path, body) => {
    expect(await check(path)).toMatchObject({ status: 200, cacheControl: "no-store", body });
  });

  it("/readyz answers 503 within a second when the database does not, and 200 when it does", async () => {
    // Every connection busy for two seconds: the embedded database's one, or the whole pool.
    const connections = server.db.kind === "postgres" ? testPoolSize : 1;
    // What answered, in order: the checks must not wait for the database to be free again.
    const answered: string[] = [];
    const holding = Promise.all(
      Array.from({ length: connections }, () => server.db.query("select pg_sleep(2)")),
    ).then(() => answered.push("database"));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const noted = async (path: string) => {
      const result = await check(path);
      answered.push(path);
      return result;
    };
    const [busy, alive] = await Promise.all([noted("/readyz"), noted("/livez")]);
    expect(busy).toMatchObject({ status: 503, cacheControl: "no-store", body: "not ready\n" });
    // It gave the database its second, and answered while the database was still busy.
    expect(busy.ms).toBeGreaterThan(950);
    // Liveness asks nothing of the database: it answered at once, before readiness gave up.
    expect(alive.status).toBe(200);
    expect(answered).toEqual(["/livez", "/readyz"]);

    await holding;
    expect(answered).toEqual(["/livez", "/readyz", "database"]);
    expect(await check("/readyz")).toMatchObject({ status: 200, body: "ready\n" });
  });

  it("/readyz asks once for checks that arrive while one waits, and again after", async () => {
    let asked = 0;
    let answer: () => void = () => {};
    const app = new Hono().get(
      "/readyz",
      readyz(
        {
          query: () => {
            asked += 1;
            return new Promise((resolve) => (answer = () => resolve({ rows: [] })));
          },
        },
        100,
      ),
    );
    const waiting = await Promise.all([1, 2, 3].map(() => Promise.resolve(app.request("/readyz"))));
    expect(waiting.map((response) => response.status)).toEqual([503, 503, 503]);
    expect(asked).toBe(1);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const again = app.request("/readyz");
    answer();
    expect((await again).status).toBe(200);
    expect(asked).toBe(2);
  });
});
