import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultMaxRows as maxRows } from "../../src/server/config.ts";
import { readEveryMatch } from "../../src/web/features/inbox/api/read-every-match.ts";
import { clientFor } from "../support/contract-target.ts";
import { createMember, type MintedMember } from "../support/member.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// The inbox's actions on every match, through supabase-js as the inbox calls them: a status
// change is one statement, all or nothing, decided by row-level security; reading every match
// pages on by keyset until a page is empty, whatever the server's page limit.
let server: TestServer;
let member: MintedMember;
let outsider: MintedMember;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { email: "member@example.com" });
  outsider = await createMember(server, { team: false, email: "outsider@example.com" });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.query("delete from public.contact_submissions");
});

interface Seed {
  name: string;
  message?: string;
  form?: "Contact Page" | "Mutakallim Program";
  status?: "new" | "in_progress" | "done" | "spam";
}

/** Submissions stored in this order, oldest first; answers their ids. */
async function stored(...seeds: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const seed of seeds) {
    const { rows } = await server.db.query<{ id: number | string }>(
      `insert into public.contact_submissions (name, email, message, form_source, status)
       values ($1, 'visitor@example.com', $2, $3, $4) returning id`,
      [seed.name, seed.message ?? "Hello", seed.form ?? "Contact Page", seed.status ?? "new"],
    );
    ids.push(Number(rows[0]?.id));
  }
  return ids;
}

async function statuses(): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ name: string; status: string }>(
    "select name, status from public.contact_submissions order by id",
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.status]));
}

async function history(): Promise<{ name: string; changed_by: string; new_value: string }[]> {
  const { rows } = await server.db.query<{ name: string; changed_by: string; new_value: string }>(
    `select s.name, c.changed_by::text as changed_by, c.new_value
       from public.contact_submission_changes c
       join public.contact_submissions s on s.id = c.submission_id
      order by s.name, c.id`,
  );
  return rows;
}

const everyDay: Seed[] = [
  { name: "Layla", message: "ليلى تسأل عن البرنامج" },
  { name: "Omar" },
  { name: "Noor", form: "Mutakallim Program" },
  { name: "Sami", status: "spam" },
  { name: "Huda", status: "done" },
  { name: "Rana", message: "Please call ليلى back" },
];

describe("a status given to every match", () => {
  it("changes every match of the filter in one call, and answers how many changed", async () => {
    await stored(...everyDay);
    const answer = await (
      await member.client()
    ).rpc("set_status_of_matches", {
      new_status: "done",
      form: "Contact Page",
      spam: false,
    });
    // Huda was done already: left alone, not counted.
    expect(answer).toMatchObject({ data: 3, error: null });
    expect(await statuses()).toEqual({
      Layla: "done",
      Omar: "done",
      Noor: "new",
      Sami: "spam",
      Huda: "done",
      Rana: "done",
    });
    expect(await history()).toEqual(
      ["Layla", "Omar", "Rana"].map((name) => ({ name, changed_by: member.id, new_value: "done" })),
    );
  });

  it("changes the matches of a search, folded as the search folds it", async () => {
    await stored(...everyDay);
    const answer = await (
      await member.client()
    ).rpc("set_status_of_matches", { new_status: "in_progress", query: "ليلي", spam: false });
    expect(answer).toMatchObject({ data: 2, error: null });
    expect(await statuses()).toMatchObject({ Layla: "in_progress", Rana: "in_progress" });
    expect(Object.values(await statuses()).filter((status) => status === "in_progress")).toEqual([
      "in_progress",
      "in_progress",
    ]);
  });

  it("changes thousands in one statement", async () => {
    await server.db.query(
      `insert into public.contact_submissions (name, email, message, form_source)
       select 'Visitor ' || n, 'visitor@example.com', 'Hello', 'Contact Page'
         from generate_series(1, 3000) n`,
    );
    const answer = await (
      await member.client()
    ).rpc("set_status_of_matches", { new_status: "done", status: "new" });
    expect(answer).toMatchObject({ data: 3000, error: null });
    const { rows } = await server.db.query<{ changes: number }>(
      "select count(*)::int as changes from public.contact_submission_changes",
    );
    expect(rows[0]?.changes).toBe(3000);
  });

  describe("when one row is refused", () => {
    // A trigger refusing the newest row, which is written last: every other has changed by then.
    beforeEach(async () => {
      await server.db.exec(`
        create function public.refuse_rana() returns trigger language plpgsql as $$
        begin
          if new.name = 'Rana' then raise exception 'Rana may not change'; end if;
          return new;
        end
        $$;
        create trigger refuse_rana before update on public.contact_submissions
          for each row execute function public.refuse_rana();
      `);
      return async () => {
        await server.db.exec(`
          drop trigger refuse_rana on public.contact_submissions;
          drop function public.refuse_rana();
        `);
      };
    });

    it("changes none of the matches", async () => {
      await stored(...everyDay);
      const before = await statuses();
      const answer = await (
        await member.client()
      ).rpc("set_status_of_matches", { new_status: "done", spam: false });
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({ message: "Rana may not change" });
      expect(await statuses()).toEqual(before);
      expect(await history()).toEqual([]);
    });

    it("changes none of the submissions ticked by hand", async () => {
      const ids = await stored(...everyDay);
      const before = await statuses();
      const answer = await (
        await member.client()
      )
        .from("contact_submissions")
        .update({ status: "done" })
        .in("id", ids)
        .neq("status", "done")
        .select("id");
      expect(answer.error).toMatchObject({ message: "Rana may not change" });
      expect(await statuses()).toEqual(before);
      expect(await history()).toEqual([]);
    });
  });

  it("refuses a status the table does not know, changing nothing", async () => {
    await stored(...everyDay);
    const before = await statuses();
    const answer = await (
      await member.client()
    ).rpc("set_status_of_matches", { new_status: "archived" });
    expect(answer.error).toMatchObject({ code: "23514" });
    expect(await statuses()).toEqual(before);
  });

  it.each([
    ["a member with one factor", () => member.client({ aal: "aal1" })],
    ["an account not on the team", () => outsider.client()],
  ])("changes nothing for %s", async (_who, caller) => {
    await stored(...everyDay);
    const before = await statuses();
    // Row-level security shows them no row to change, filtered or searched.
    for (const filter of [{ spam: false }, { query: "ليلى" }]) {
      const answer = await (
        await caller()
      ).rpc("set_status_of_matches", { new_status: "done", ...filter });
      expect(answer).toMatchObject({ data: 0, error: null });
    }
    expect(await statuses()).toEqual(before);
    expect(await history()).toEqual([]);
  });

  it("is not anon's to call, nor granted to any role but authenticated", async () => {
    await stored(...everyDay);
    const before = await statuses();
    const answer = await clientFor(server, server.keys.anon).rpc("set_status_of_matches", {
      new_status: "done",
      spam: false,
    });
    expect(answer).toMatchObject({ status: 401, error: { code: "42501" } });
    expect(await statuses()).toEqual(before);
    const { rows } = await server.db.query<{ role: string; allowed: boolean }>(
      `select role, pg_catalog.has_function_privilege(role,
                'public.set_status_of_matches(text, text, text, text, boolean)', 'execute') as allowed
         from unnest(array['anon', 'authenticated', 'service_role']) role`,
    );
    expect(rows).toEqual([
      { role: "anon", allowed: false },
      { role: "authenticated", allowed: true },
      { role: "service_role", allowed: false },
    ]);
  });
});

describe("reading every match", () => {
  // Seven submissions share each moment, so pages end inside a moment's rows.
  async function many(count: number) {
    await server.db.query(
      `insert into public.contact_submissions (name, email, message, form_source, created_at)
       select 'Visitor ' || n, 'visitor@example.com',
              case when n % 3 = 0 then 'كلمة ' || n else 'Hello ' || n end, 'Contact Page',
              timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => n / 7)
         from generate_series(1, $1::int) n`,
      [count],
    );
  }

  async function newestFirst(where = "true"): Promise<number[]> {
    const { rows } = await server.db.query<{ id: number | string }>(
      `select id from public.contact_submissions where ${where} order by created_at desc, id desc`,
    );
    return rows.map((row) => Number(row.id));
  }

  it("reads every row, newest first, when the server's page is shorter than the one asked", async () => {
    await many(2345);
    const asked = maxRows + 500;
    const rows = await readEveryMatch<{ id: number }>(
      await member.client(),
      { form: "all", status: "all", text: "" },
      "id, created_at",
      asked,
    );
    expect(rows.map((row) => row.id)).toEqual(await newestFirst());
    expect(rows).toHaveLength(2345);
  });

  it("reads every match of a search the same way", async () => {
    await many(3456);
    const rows = await readEveryMatch<{ id: number }>(
      await member.client(),
      { form: "Contact Page", status: "new", text: "كلمه" },
      "id, created_at",
      maxRows * 2,
    );
    expect(rows.map((row) => row.id)).toEqual(await newestFirst("message like 'كلمة %'"));
    expect(rows).toHaveLength(1152);
  });
});
