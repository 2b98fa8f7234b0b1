import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LogFields, Logger } from "../../src/server/log.ts";
import { clientFor } from "../support/contract-target.ts";
import {
  reloadConfig,
  reloadSchema,
  startTestServer,
  type TestServer,
} from "../support/test-server.ts";

// PostgREST's in-database configuration as a project writes it: `pgrst.*` settings on the
// authenticator role, then NOTIFY pgrst, 'reload config'; and a db-pre-config function. Each
// setting is made for this database alone (`in database`): on PostgreSQL, roles are the whole
// cluster's, and other files' databases must not see them.
const logged: { level: string; message: string; fields?: LogFields }[] = [];
const log: Logger = {
  info: () => {},
  warn: (message, fields) => logged.push({ level: "warn", message, fields }),
  error: (message, fields) => logged.push({ level: "error", message, fields }),
};

let server: TestServer;

const tables = `
  create table public.payments (
    id integer primary key,
    payer text not null,
    amount numeric not null
  );
  grant select on public.payments to anon;
  insert into public.payments
    values (1, 'amal', 10), (2, 'amal', 15), (3, 'badr', 7), (4, 'badr', 3), (5, 'dana', 1);
`;

/** `alter role authenticator in database <this one> <change>`. */
async function onAuthenticator(target: TestServer, change: string): Promise<void> {
  await target.db.exec(`
    do $$ begin
      execute format('alter role authenticator in database %I ${change.replaceAll("'", "''")}',
                     current_database());
    end $$;`);
}

beforeAll(async () => {
  server = await startTestServer({ log });
  await server.db.exec(tables);
  await reloadSchema(server);
});
afterAll(() => server.close());
afterEach(async () => {
  await onAuthenticator(server, "reset all");
  await reloadConfig(server);
  logged.length = 0;
});

function anon(target: TestServer = server): SupabaseClient {
  return clientFor(target, target.keys.anon);
}

describe("the authenticator role's pgrst.* settings", () => {
  it("enable aggregates after reload config, refused with PGRST123 before", async () => {
    const before = await anon().from("payments").select("amount.sum()");
    expect(before.status).toBe(400);
    expect(before.error).toMatchObject({
      code: "PGRST123",
      message: "Use of aggregate functions is not allowed",
    });

    await onAuthenticator(server, "set pgrst.db_aggregates_enabled = 'true'");
    await reloadConfig(server);

    const total = await anon().from("payments").select("amount.sum()");
    expect(total.error).toBeNull();
    expect(total.data).toEqual([{ sum: 36 }]);
    const grouped = await anon().from("payments").select("payer, amount.sum()").order("payer");
    expect(grouped.data).toEqual([
      { payer: "amal", sum: 25 },
      { payer: "badr", sum: 10 },
      { payer: "dana", sum: 1 },
    ]);
  });

  it("fall back to the environment when reset and reloaded", async () => {
    await onAuthenticator(server, "set pgrst.db_aggregates_enabled = 'true'");
    await reloadConfig(server);
    expect((await anon().from("payments").select("count()")).error).toBeNull();

    await onAuthenticator(server, "reset pgrst.db_aggregates_enabled");
    await reloadConfig(server);
    const after = await anon().from("payments").select("count()");
    expect(after.error).toMatchObject({ code: "PGRST123" });
  });

  it("bound every page by db_max_rows, as PostgREST's max-rows", async () => {
    const whole = await anon().from("payments").select("id", { count: "exact" });
    expect(whole.data).toHaveLength(5);

    await onAuthenticator(server, "set pgrst.db_max_rows = '2'");
    await reloadConfig(server);

    const page = await anon().from("payments").select("id", { count: "exact" }).order("id");
    expect(page.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(page.count).toBe(5);
    expect(page.status).toBe(206);
    // A larger limit is cut to it; an offset still moves the page.
    const asked = await anon().from("payments").select("id").order("id").range(2, 4);
    expect(asked.data).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it("are read again on reload schema too, as PostgREST reads them", async () => {
    await onAuthenticator(server, "set pgrst.db_max_rows = '1'");
    await reloadSchema(server);
    expect((await anon().from("payments").select("id")).data).toHaveLength(1);
  });

  it("expose the schemas db_schemas names from the next reload schema", async () => {
    await server.db.exec(`
      create schema if not exists api;
      grant usage on schema api to anon;
      create table if not exists api.notices (id integer primary key, body text not null);
      grant select on api.notices to anon;
      insert into api.notices values (1, 'hello') on conflict do nothing;
    `);
    const before = await anon().schema("api").from("notices").select("body");
    expect(before.error).toMatchObject({ code: "PGRST106" });

    await onAuthenticator(server, "set pgrst.db_schemas = 'public, api'");
    await reloadSchema(server);
    const after = await anon().schema("api").from("notices").select("body");
    expect(after.data).toEqual([{ body: "hello" }]);
    // The default schema is still the first one named.
    expect((await anon().from("payments").select("id")).data).toHaveLength(5);

    await onAuthenticator(server, "reset pgrst.db_schemas");
    await reloadSchema(server);
    expect((await anon().schema("api").from("notices").select("body")).error).toMatchObject({
      code: "PGRST106",
    });
  });

  it("keep the previous configuration when a value is invalid, and say why in the log", async () => {
    await onAuthenticator(server, "set pgrst.db_aggregates_enabled = 'true'");
    await reloadConfig(server);

    await onAuthenticator(server, "set pgrst.db_tx_end = 'sometimes'");
    await onAuthenticator(server, "set pgrst.db_max_rows = '1'");
    await reloadConfig(server);

    expect(logged).toContainEqual({
      level: "error",
      message:
        "Failed reloading config: Invalid transaction termination. Check your configuration.; keeping the previous configuration",
      fields: undefined,
    });
    // Nothing of the read was applied: aggregates stay on, max-rows stays 1000.
    expect((await anon().from("payments").select("amount.sum()")).data).toEqual([{ sum: 36 }]);
    expect((await anon().from("payments").select("id")).data).toHaveLength(5);
  });

  it("name in a warning the settings this server does not apply, never their values", async () => {
    await onAuthenticator(server, "set pgrst.jwt_secret = 'a-secret-the-log-must-never-show!!'");
    await reloadConfig(server);
    expect(logged).toContainEqual({
      level: "warn",
      message: "in-database settings this server does not apply were left alone",
      fields: { settings: "pgrst.jwt_secret" },
    });
    expect(JSON.stringify(logged)).not.toContain("a-secret-the-log-must-never-show");
  });
});

const preConfig = `
  create or replace function postgrest.pre_config() returns void language sql as $$
    select set_config('pgrst.db_max_rows', '3', true),
           set_config('pgrst.db_aggregates_enabled', 'true', true);
  $$;`;

describe("db-pre-config", () => {
  let configured: TestServer;

  beforeAll(async () => {
    configured = await startTestServer({ log, dbPreConfig: "postgrest.pre_config" });
    await configured.db.exec(`
      ${tables}
      create schema postgrest;
      grant usage on schema postgrest to authenticator;
      ${preConfig}
    `);
    await reloadSchema(configured);
  });
  afterAll(() => configured.close());

  it("applies what the function sets, below the role's own settings", async () => {
    const page = await anon(configured).from("payments").select("id").order("id");
    expect(page.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect((await anon(configured).from("payments").select("count()")).data).toEqual([
      { count: 5 },
    ]);

    await onAuthenticator(configured, "set pgrst.db_max_rows = '4'");
    await reloadConfig(configured);
    expect((await anon(configured).from("payments").select("id")).data).toHaveLength(4);
    await onAuthenticator(configured, "reset all");
    await reloadConfig(configured);
  });

  it("runs as the authenticator, with only what it was granted", async () => {
    await configured.db.exec(`
      create or replace function postgrest.pre_config() returns void language sql as $$
        select set_config('pgrst.db_max_rows', (select count(*)::text from auth.users), true);
      $$;
    `);
    await reloadConfig(configured);
    expect(logged.map((entry) => entry.message)).toContain(
      "Failed to query database settings for the config parameters; keeping the previous configuration",
    );
    expect((await anon(configured).from("payments").select("id")).data).toHaveLength(3);
    await configured.db.exec(preConfig);
  });
});

describe("on the embedded database's own thread, as the server runs it", () => {
  let threaded: TestServer;

  beforeAll(async () => {
    threaded = await startTestServer({ log, embeddedThread: true });
    await threaded.db.exec(tables);
    await reloadSchema(threaded);
  });
  afterAll(() => threaded.close());

  it("hears reload config beside reload schema, on its one LISTEN", async () => {
    const before = await anon(threaded).from("payments").select("amount.sum()");
    expect(before.error).toMatchObject({ code: "PGRST123" });
    await onAuthenticator(threaded, "set pgrst.db_aggregates_enabled = 'true'");
    await reloadConfig(threaded);
    expect((await anon(threaded).from("payments").select("amount.sum()")).data).toEqual([
      { sum: 36 },
    ]);
    await threaded.db.exec("create table public.later (id integer primary key)");
    await reloadSchema(threaded);
    expect(threaded.schema.table("public", "later")).toBeDefined();
    await onAuthenticator(threaded, "reset all");
  });
});
