import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// The inbox's search, in the database: what Arabic writers vary is folded on both sides, and
// only the team may search.
let server: TestServer;
const rows = [
  {
    name: "أحمد سالم",
    email: "ahmad@example.com",
    phone: "+966 55 123 4567",
    message: "السلام عليكم",
  },
  {
    name: "إيمان",
    email: "iman@example.com",
    phone: "٠٥٥٩٨٧٦٥٤٣",
    message: "مرحبًا، أودّ المشاركة في المدرسة",
  },
  { name: "Sam", email: "SAM.Reader@Example.com", phone: null, message: "Hello from the library" },
  {
    name: "ليلى",
    email: "layla@example.com",
    phone: null,
    message: "كتبتُ رسالةً طويـــلة عن مستشفى",
  },
  { name: "Noor", email: "noor@example.com", phone: null, message: "50% off_sale \\ done" },
];

let member: MintedMember;
let stranger: MintedMember;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { email: "member@example.com" });
  stranger = await createMember(server, { team: false, email: "stranger@example.com" });
  for (const row of rows) {
    await server.db.query(
      `insert into public.contact_submissions (name, email, phone, message, form_source)
       values ($1, $2, $3, $4, 'Contact Page')`,
      [row.name, row.email, row.phone, row.message],
    );
  }
  await server.db.query(
    "update public.contact_submissions set note = 'اتصلنا بها يوم الأحد' where email = 'layla@example.com'",
  );
});
afterAll(() => server.close());

async function searchAsService(query: string): Promise<string[]> {
  const supabase = clientFor(server, server.keys.service_role);
  const { data, error } = await supabase
    .rpc("search_submissions", { query })
    .select("email")
    .order("email");
  expect(error).toBeNull();
  return (data as { email: string }[]).map((row) => row.email);
}

describe("the folded search", () => {
  it.each([
    ["احمد", ["ahmad@example.com"]],
    ["أحمد", ["ahmad@example.com"]],
    ["ايمان", ["iman@example.com"]],
    ["المدرسه", ["iman@example.com"]],
    ["مرحبا", ["iman@example.com"]],
    ["اود", ["iman@example.com"]],
    ["مستشفي", ["layla@example.com"]],
    ["طويلة", ["layla@example.com"]],
    ["رساله", ["layla@example.com"]],
    ["الاحد", ["layla@example.com"]],
    ["0559876543", ["iman@example.com"]],
    ["٠٥٥٩٨٧", ["iman@example.com"]],
    ["۵۵ ۱۲۳", ["ahmad@example.com"]],
    ["sam.reader", ["SAM.Reader@Example.com"]],
    ["LIBRARY", ["SAM.Reader@Example.com"]],
    ["50%", ["noor@example.com"]],
    ["off_sale", ["noor@example.com"]],
    ["o_f", []],
    ["%", ["noor@example.com"]],
    ["\\", ["noor@example.com"]],
    ["nothing like this", []],
  ])("%s finds %j", async (query, emails) => {
    expect(await searchAsService(query)).toEqual(emails);
  });

  it("is the team's: an aal2 member searches with the inbox's filters, order and range on top", async () => {
    const { data, count, error } = await (
      await member.client()
    )
      .rpc("search_submissions", { query: "EXAMPLE.COM" }, { count: "exact" })
      .select("email")
      .neq("email", "noor@example.com")
      .neq("email", "SAM.Reader@Example.com")
      .order("email", { ascending: false })
      .range(0, 1);
    expect(error).toBeNull();
    expect(count).toBe(3);
    expect(data).toEqual([{ email: "layla@example.com" }, { email: "iman@example.com" }]);
  });

  it.each([
    ["anon", async () => clientFor(server, server.keys.anon)],
    ["a signed-in account not on the team", async () => await stranger.client()],
    ["a member with one factor", async () => await member.client({ aal: "aal1" })],
  ])("refuses %s, giving nothing", async (_who, client) => {
    const { data, error } = await (await client()).rpc("search_submissions", { query: "a" });
    expect(error?.code).toBe("42501");
    expect(data).toBeNull();
  });
});

describe("a page of a search", () => {
  it("is found inside the function, newest first, with the form, the status and spam as asked", async () => {
    await server.db.query(
      `update public.contact_submissions
          set status = 'spam', created_at = now() + interval '1 minute'
        where email = 'noor@example.com'`,
    );
    try {
      const team = await member.client();
      const page = async (args: Record<string, unknown>) => {
        const { data, error } = await team
          .rpc("search_submissions", { query: "example.com", ...args })
          .select("email");
        return { data: data as { email: string }[] | null, error };
      };
      const newest = await server.db.query<{ email: string }>(
        `select email from public.contact_submissions
          where status <> 'spam' order by created_at desc, id desc`,
      );
      const notSpam = newest.rows.map((row) => row.email);

      const first = await page({ spam: false, row_limit: 2, row_offset: 0 });
      expect(first.error).toBeNull();
      expect(first.data?.map((row) => row.email)).toEqual(notSpam.slice(0, 2));
      const second = await page({ spam: false, row_limit: 2, row_offset: 2 });
      expect(second.data?.map((row) => row.email)).toEqual(notSpam.slice(2, 4));
      const spam = await page({ status: "spam", row_limit: 50 });
      expect(spam.data).toEqual([{ email: "noor@example.com" }]);
      const otherForm = await page({ form: "Mutakallim Program", row_limit: 50 });
      expect(otherForm.data).toEqual([]);
      // Alone, the query still finds every match, spam included.
      const all = await page({});
      expect(all.data).toHaveLength(5);

      const negative = await page({ row_limit: -1 });
      expect(negative.error?.code).toBe("22023");
      expect(negative.data).toBeNull();
    } finally {
      await server.db.query(
        "update public.contact_submissions set status = 'new' where email = 'noor@example.com'",
      );
    }
  });
});

describe("the stored search text", () => {
  it("is not folded for a row the length checks will refuse, and folds a row within them", async () => {
    const { rows } = await server.db.query<{ refused: string | null; kept: string | null }>(
      `select internal.submission_search_text('x', 'a@b.example', null, repeat('ة', 30000), null) as refused,
              internal.submission_search_text('أحمد', 'A@B.example', null, 'ورشة', null) as kept`,
    );
    expect(rows[0]).toEqual({ refused: null, kept: "احمد a@b.example  ورشه " });
  });

  it("is indexed with a small pending list, which no insert merges for long and searches read fast", async () => {
    const { rows } = await server.db.query<{ options: string[] }>(
      `select c.reloptions as options from pg_catalog.pg_class c
        where c.oid = 'public.contact_submissions_search_text_idx'::regclass`,
    );
    expect(rows[0]?.options).toEqual(["gin_pending_list_limit=64"]);
  });
});

describe("the search's index", () => {
  // What the function runs, planned as it would be on a big table (sequential scans off, as the
  // planner would rule them out there): the trigram index must be able to serve it.
  function plan(query: string): Promise<string> {
    return server.db.transaction(async (tx) => {
      await tx.exec("set local enable_seqscan = off");
      const explained = await tx.query<{ "QUERY PLAN": string }>(
        `explain select id from public.contact_submissions s
          where s.search_text like '%' || internal.fold_for_search($1) || '%'`,
        [query],
      );
      return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it.each(["أحمد", "ورشة", "library", "0559876543"])(
    "serves a search for %s, Arabic letters included in its trigrams",
    async (query) => {
      const { rows } = await server.db.query<{ trigrams: number }>(
        "select cardinality(extensions.show_trgm(internal.fold_for_search($1))) as trigrams",
        [query],
      );
      expect(rows[0]?.trigrams).toBeGreaterThan(0);
      expect(await plan(query)).toContain("contact_submissions_search_text_idx");
    },
  );
});

describe("the counts beside a search", () => {
  it("counts the matches of each status and the unread, in one call, for the team alone", async () => {
    await server.db.query(
      `update public.contact_submissions
          set status = case email when 'noor@example.com' then 'spam' else 'done' end,
              seen = true
        where email in ('noor@example.com', 'layla@example.com')`,
    );
    try {
      const team = await member.client();
      const all = await team.rpc("search_submission_counts", { query: "EXAMPLE.COM" });
      expect(all.error).toBeNull();
      expect(all.data).toEqual({
        new: 3,
        in_progress: 0,
        done: 1,
        spam: 1,
        unread: 3,
        more: false,
      });
      const arabic = await team.rpc("search_submission_counts", {
        query: "احمد",
        form: "Contact Page",
      });
      expect(arabic.data).toEqual({
        new: 1,
        in_progress: 0,
        done: 0,
        spam: 0,
        unread: 1,
        more: false,
      });
      const otherForm = await team.rpc("search_submission_counts", {
        query: "احمد",
        form: "Mutakallim Program",
      });
      expect(otherForm.data).toEqual({
        new: 0,
        in_progress: 0,
        done: 0,
        spam: 0,
        unread: 0,
        more: false,
      });

      const outsider = await (
        await stranger.client()
      ).rpc("search_submission_counts", {
        query: "a",
      });
      expect(outsider.error?.code).toBe("42501");
      const anon = await clientFor(server, server.keys.anon).rpc("search_submission_counts", {
        query: "a",
      });
      expect(anon.data).toBeNull();
      expect(anon.error).not.toBeNull();
    } finally {
      await server.db.query(
        "update public.contact_submissions set status = 'new', seen = false where email in ('noor@example.com', 'layla@example.com')",
      );
    }
  });

  it("stops counting past a thousand, so a common word is not counted to its last match", async () => {
    await server.db.query(
      `insert into public.contact_submissions (name, email, message, form_source)
       select 'Reader ' || n, 'reader' || n || '@example.org', 'A word on the harvest', 'Contact Page'
         from generate_series(1, 1005) as n`,
    );
    try {
      const team = await member.client();
      const counts = await team.rpc("search_submission_counts", { query: "harvest" });
      expect(counts.error).toBeNull();
      expect(counts.data).toEqual({
        new: 1001,
        in_progress: 0,
        done: 0,
        spam: 0,
        unread: 1001,
        more: true,
      });

      // Each page is the one plain SQL gives, whichever way the function found it (among the
      // newest rows, or every match gathered and sorted).
      const truth = await server.db.query<{ id: number }>(
        `select id::int from public.contact_submissions where message like '%harvest%'
          order by created_at desc, id desc`,
      );
      const ids = truth.rows.map((row) => row.id);
      for (const [offset, limit] of [
        [0, 51],
        [900, 51],
        [1000, 51],
      ] as const) {
        const { data, error } = await team
          .rpc("search_submissions", { query: "harvest", row_limit: limit, row_offset: offset })
          .select("id");
        expect(error).toBeNull();
        expect((data as { id: number }[]).map((row) => row.id)).toEqual(
          ids.slice(offset, offset + limit),
        );
      }
    } finally {
      await server.db.query(
        "delete from public.contact_submissions where email like '%@example.org'",
      );
    }
  });
});
