import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  reloadSchema,
  startTestServer,
  type TestServer,
} from "../../../../tests/support/test-server.ts";
import { planSelect } from "./embed.ts";
import { identifier, render, sql } from "../sql/sql.ts";

// An embedding is one statement whose to-many subqueries are correlated on the foreign key: on
// 50,000 rows the database must reach a parent's children through the key's index, not by
// reading the whole child table once per parent. Checked on the statement the planner writes.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(`
    create table public.writers (id integer primary key, name text not null);
    create table public.works (
      id integer primary key,
      writer_id integer not null references public.writers (id),
      title text not null
    );
    insert into public.writers select n, 'writer ' || n from generate_series(1, 500) n;
    insert into public.works select n, 1 + n % 500, 'work ' || n from generate_series(1, 50000) n;
    grant select on public.writers, public.works to anon;
    analyze public.writers, public.works;
  `);
  await reloadSchema(server);
}, 120_000);
afterAll(() => server.close());

/** The plan of the read `/writers?select=…&id=eq.7`, as the server would run it. */
async function planOf(select: string): Promise<string> {
  const writers = server.schema.table("public", "writers");
  if (!writers) throw new Error("no writers table");
  const plan = planSelect(
    select,
    { ...writers, alias: identifier("writers"), origin: writers },
    [],
    {
      cache: server.schema,
      aggregatesEnabled: false,
    },
  );
  const { text, values } = render(
    sql`explain (format json) select ${plan.columns} from "public"."writers" ${plan.joins}
      where "writers"."id" = 7`,
  );
  const { rows } = await server.db.query<{ "QUERY PLAN": unknown }>(text, values);
  return JSON.stringify(rows[0]?.["QUERY PLAN"]);
}

function reads(plan: string, index: string): boolean {
  return plan.includes(`"Index Name":"${index}"`);
}

describe("an embedding of a to-many relation on 50,000 rows", () => {
  it("reaches the children through the foreign key's index once the schema has one", async () => {
    const without = await planOf("id,works(title)");
    expect(without).toContain('"Relation Name":"works"');
    expect(reads(without, "works_writer_id_idx")).toBe(false);

    // As a developer adds it: PostgreSQL does not index a foreign key's columns by itself.
    await server.db.exec(
      "create index works_writer_id_idx on public.works (writer_id); analyze public.works",
    );
    const withIndex = await planOf("id,works(title)");
    expect(reads(withIndex, "works_writer_id_idx")).toBe(true);
  });

  it("answers the read through the server with every child, quickly", async () => {
    const started = performance.now();
    const response = await server.fetch(
      `${server.url}/rest/v1/writers?select=id,works(id)&id=lte.20&works.order=id`,
      { headers: { apikey: server.keys.anon, authorization: `Bearer ${server.keys.anon}` } },
    );
    const elapsed = performance.now() - started;
    const body = (await response.json()) as { id: number; works: { id: number }[] }[];
    expect(response.status).toBe(200);
    expect(body).toHaveLength(20);
    expect(body.every((writer) => writer.works.length === 100)).toBe(true);
    expect(body[0]?.works[0]).toEqual({ id: 500 });
    expect(elapsed).toBeLessThan(2000);
  });
});
