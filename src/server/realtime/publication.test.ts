import { afterAll, beforeAll, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import { Heard, subscribed } from "../../../tests/support/realtime.ts";
import { onPostgres } from "../../../tests/support/postgres-databases.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// The schema is the API: a table a migration adds to the publication is heard at once, with no
// restart, and one taken out of it is heard no more.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ realtime: {} });
});
afterAll(() => server.close());

it("hears a table added to supabase_realtime, and stops when it is dropped from it", async () => {
  await server.db.exec(`
    create table public.notices (id bigint generated always as identity primary key, body text not null);
    alter table public.notices enable row level security;
    grant select on public.notices to anon;
    create policy "Anyone reads notices" on public.notices for select to anon using (true);
    alter publication supabase_realtime add table public.notices;
  `);
  const anon = clientFor(server, server.keys.anon);
  const heard = new Heard<{ new: Record<string, unknown> }>();
  const channel = anon
    .channel("notices")
    .on("postgres_changes", { event: "INSERT", schema: "public", table: "notices" }, heard.push);
  await subscribed(channel);
  await server.db.query("insert into public.notices (body) values ($1)", ["أهلا"]);
  expect((await heard.next()).new).toEqual({ id: 1, body: "أهلا" });

  // Another instance starting leaves the trigger in place: made again, it would lock the table.
  const triggers = () =>
    server.db.query<{ oid: number }>(
      "select oid::integer as oid from pg_trigger where tgname = 'realtime_capture' order by oid",
    );
  const before = (await triggers()).rows;
  await server.db.query("select internal.realtime_sync_triggers()");
  expect((await triggers()).rows).toEqual(before);

  await server.db.exec("alter publication supabase_realtime drop table public.notices");
  const { rows } = await server.db.query<{ count: number }>(
    "select count(*)::int as count from pg_trigger where tgrelid = 'public.notices'::regclass and tgname = 'realtime_capture'",
  );
  expect(rows[0]?.count).toBe(0);
  const probes = await server.db.query<{ count: number }>(
    "select count(*)::int as count from pg_proc where proname = internal.realtime_probe_name('public.notices'::regclass)",
  );
  expect(probes.rows[0]?.count).toBe(0);
  await anon.removeAllChannels();
});

// The embedded database's notifications never pass through a connection that can break.
it.runIf(onPostgres())(
  "closes its sockets when its database connection broke, and the clients join again",
  async () => {
    const anon = clientFor(server, server.keys.anon);
    const statuses: string[] = [];
    anon.channel("survivor").subscribe((status) => statuses.push(status));
    await expect.poll(() => statuses).toEqual(["SUBSCRIBED"]);
    await server.db.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kalima-listen' and datname = current_database()",
    );
    await expect
      .poll(() => statuses.filter((status) => status === "SUBSCRIBED").length, {
        timeout: 15_000,
      })
      .toBe(2);
    await anon.removeAllChannels();
  },
);
