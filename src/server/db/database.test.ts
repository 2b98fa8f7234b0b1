import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { oneRoundTrip } from "./one-round-trip.ts";

// Runs on the embedded database and, in the server-postgres project, on PostgreSQL.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const anon = { role: "anon", claims: JSON.stringify({ role: "anon", note: "it's \\ here" }) };

describe("queryAs", () => {
  it("runs the statement as the role, with the claims, and leaves the session as it was", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { rows } = await server.db.queryAs<{ user: string; claims: string }>(
        anon,
        "select current_user as user, current_setting('request.jwt.claims', true) as claims",
        [],
      );
      expect(rows).toEqual([{ user: "anon", claims: anon.claims }]);
      const after = await server.db.query<{ user: string; claims: string | null }>(
        "select current_user as user, nullif(current_setting('request.jwt.claims', true), '') as claims",
      );
      expect(after.rows[0]?.user).not.toBe("anon");
      expect(after.rows[0]?.claims).toBeNull();
    }
  });

  it("passes every value through unchanged, whatever quotes and dollars it holds", async () => {
    const values = ['O\'Neil \\ "quoted" $2 $$ ;', "نور الهدى 🎙️", "", 42, null, true];
    const { rows } = await server.db.queryAs<Record<string, unknown>>(
      anon,
      "select $1::text as a, $2::text as b, $3::text as c, $4::int as d, $5::text as e, $6::boolean as f, '$1' as literal",
      values,
    );
    expect(rows).toEqual([
      { a: values[0], b: values[1], c: "", d: 42, e: null, f: true, literal: "$1" },
    ]);
  });

  it("rolls the whole statement back when it fails, and the next one runs normally", async () => {
    const count = async () =>
      (
        await server.db.query<{ count: number }>(
          "select count(*)::int as count from public.contact_submissions",
        )
      ).rows[0]?.count;
    const before = await count();
    const insert = `insert into public.contact_submissions (name, email, message, form_source)
      select name, email, message, form_source
        from json_populate_recordset(null::public.contact_submissions, $1::json)`;
    const rows = [
      { name: "First", email: "first@example.com", message: "ok", form_source: "Contact Page" },
      { name: "Second", email: "second@example.com", message: "", form_source: "Contact Page" },
    ];
    await expect(
      server.db.queryAs({ role: "service_role", claims: "{}" }, insert, [JSON.stringify(rows)]),
    ).rejects.toMatchObject({ code: "23514" });
    expect(await count()).toBe(before);
    await server.db.queryAs({ role: "service_role", claims: "{}" }, insert, [
      JSON.stringify(rows.slice(0, 1)),
    ]);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("keeps a statement only within the bounds on its rows, and undoes it when asked, answering either way", async () => {
    const service = { role: "service_role", claims: "{}" };
    const count = async () =>
      (
        await server.db.query<{ count: number }>(
          "select count(*)::int as count from public.contact_submissions where email = 'kept@example.com'",
        )
      ).rows[0]?.count;
    const insert = `with written as (
        insert into public.contact_submissions (name, email, message, form_source)
        select name, email, message, form_source
          from json_populate_recordset(null::public.contact_submissions, $1::json)
        returning 1)
      select count(*)::int as rows from written`;
    const row = {
      name: "Kept",
      email: "kept@example.com",
      message: "ok",
      form_source: "Contact Page",
    };
    const two = JSON.stringify([row, row]);

    const refused = await server.db.queryAs(service, insert, [two], { rows: { max: 1 } });
    expect(refused.rows).toEqual([{ rows: 2 }]);
    expect(await count()).toBe(0);
    const undone = await server.db.queryAs(service, insert, [two], { undo: true });
    expect(undone.rows).toEqual([{ rows: 2 }]);
    expect(await count()).toBe(0);
    const kept = await server.db.queryAs(service, insert, [two], { rows: { min: 1, max: 2 } });
    expect(kept.rows).toEqual([{ rows: 2 }]);
    expect(await count()).toBe(2);
    await server.db.query(
      "delete from public.contact_submissions where email = 'kept@example.com'",
    );
  });

  it("falls back to parameters for a value no literal can carry, with PostgreSQL's own error", async () => {
    await expect(server.db.queryAs(anon, "select $1::text", ["a\0b"])).rejects.toMatchObject({
      code: expect.stringMatching(/^22/u) as unknown,
    });
  });
});

describe("oneRoundTrip", () => {
  it("replaces parameters outside quoted strings and identifiers only", () => {
    const text = oneRoundTrip({ role: "anon", claims: "{}" }, `select $1, '$1', "$2", $10, $2`, [
      "a",
      "b",
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      "j",
    ]);
    expect(text?.split("\n")[1]).toBe(`select 'a', '$1', "$2", 'j', 'b'`);
  });

  it("declines values it cannot write as literals", () => {
    const settings = { role: "anon", claims: "{}" };
    expect(oneRoundTrip(settings, "select $1", [{}])).toBeUndefined();
    expect(oneRoundTrip(settings, "select $1", [Number.NaN])).toBeUndefined();
    expect(oneRoundTrip(settings, "select $1", ["\0"])).toBeUndefined();
  });
});
