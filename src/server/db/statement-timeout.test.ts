import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// Every statement is bounded per role, as Supabase bounds it: past the bound it is cancelled and
// answered as PostgREST answers 57014, on PostgreSQL and on the embedded database alike.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ embeddedThread: true });
  await server.db.exec(`
    create function public.slow_for_test(seconds double precision) returns integer
      language sql volatile as 'select 1 from pg_sleep(seconds)';
    create function public.slow_read_for_test(seconds double precision) returns integer
      language sql stable as 'select 1 from pg_sleep(seconds)';
    grant execute on function public.slow_for_test(double precision) to anon;
    grant execute on function public.slow_read_for_test(double precision) to anon;
    do $$ begin
      execute format('alter role anon in database %I set statement_timeout = %L',
                     current_database(), '300ms');
    end $$;
  `);
  await server.schema.reload();
});
afterAll(() => server.close());

async function call(path: string, init: { method?: string; body?: unknown } = {}) {
  const started = performance.now();
  const response = await server.app.request(path, {
    method: init.method ?? "GET",
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    headers: {
      apikey: server.keys.anon,
      authorization: `Bearer ${server.keys.anon}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
  });
  return {
    status: response.status,
    body: (await response.json()) as unknown,
    seconds: (performance.now() - started) / 1000,
  };
}

const cancelled = {
  code: "57014",
  message: "canceling statement due to statement timeout",
  details: null,
  hint: null,
};

describe("the statement bound", () => {
  it("is read from each role's settings, as the migration sets them", async () => {
    const fresh = await startTestServer();
    try {
      expect(fresh.schema.statementTimeout("anon")).toBe("3s");
      expect(fresh.schema.statementTimeout("authenticated")).toBe("8s");
      expect(fresh.schema.statementTimeout("service_role")).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ["a write (one round trip)", "POST", "/rest/v1/rpc/slow_for_test", { seconds: 20 }],
    [
      "a read-only call (a transaction)",
      "GET",
      "/rest/v1/rpc/slow_read_for_test?seconds=20",
      undefined,
    ],
  ])("cancels %s past the role's bound with PostgREST's 500", async (_, method, path, body) => {
    const answer = await call(path, { method, body });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual(cancelled);
    expect(answer.seconds).toBeLessThan(15);
  });

  it("leaves the database answering, with what was committed before", async () => {
    await server.db.query(
      "insert into public.contact_submissions (name, email, message, form_source) values ('Salma', 'salma@example.com', 'Still here', 'Contact Page')",
    );
    expect(
      (await call("/rest/v1/rpc/slow_for_test", { method: "POST", body: { seconds: 20 } })).status,
    ).toBe(500);
    const { rows } = await server.db.query<{ count: number }>(
      "select count(*)::int as count from public.contact_submissions where email = 'salma@example.com'",
    );
    expect(rows[0]?.count).toBe(1);
    const quick = await call("/rest/v1/rpc/slow_for_test", {
      method: "POST",
      body: { seconds: 0 },
    });
    expect(quick).toMatchObject({ status: 200, body: 1 });
  });
});

describe("the embedded database off the server's thread", () => {
  it("leaves the server answering while a long statement runs", async () => {
    // As service_role, which has no bound: 3 s of work on the database's thread.
    const started = performance.now();
    const long = server.app.request("/rest/v1/rpc/slow_read_for_test?seconds=3", {
      headers: {
        apikey: server.keys.service_role,
        authorization: `Bearer ${server.keys.service_role}`,
      },
    });
    // Fires late if the statement holds the server's thread.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await server.app.request("/auth/v1/health", {
      headers: { apikey: server.keys.anon },
    });
    const answered = performance.now() - started;
    expect(health.status).toBe(200);
    expect((await long).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(2900);
    // On the server's own thread the health check would wait for the whole statement.
    expect(answered).toBeLessThan(1500);
  });
});
