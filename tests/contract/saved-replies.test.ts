import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSavedReply } from "../../src/web/features/inbox/api/create-saved-reply.ts";
import { deleteSavedReply } from "../../src/web/features/inbox/api/delete-saved-reply.ts";
import { listSavedReplies } from "../../src/web/features/inbox/api/list-saved-replies.ts";
import { updateSavedReply } from "../../src/web/features/inbox/api/update-saved-reply.ts";
import { clientFor } from "../support/contract-target.ts";
import { createMember, type MintedMember } from "../support/member.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// The team's saved replies through supabase-js, as the inbox reads and writes them (its own api/
// functions): members at aal2 only, under row-level security; who and when set by the database;
// an edit or a deletion names the updated_at its member read, and one made since by another
// member is never overwritten.
let server: TestServer;
let member: MintedMember;
let colleague: MintedMember;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server);
  colleague = await createMember(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.query("delete from public.saved_replies");
});

const dates = {
  language: "ar",
  title: "مواعيد البرنامج",
  body: "يبدأ برنامج المتكلم في آذار، أيام السبت من ٧:٠٠ إلى ٨:٣٠ مساءً.",
} as const;

async function stored() {
  const { rows } = await server.db.query<Record<string, unknown>>(
    `select language, title, body, created_by::text, updated_by::text
       from public.saved_replies order by id`,
  );
  return rows;
}

/** A saved reply stored as the database's owner stores it; its id. */
async function seeded(fields: { language: string; title: string; body: string } = dates) {
  const { rows } = await server.db.query<{ id: number | string }>(
    "insert into public.saved_replies (language, title, body) values ($1, $2, $3) returning id",
    [fields.language, fields.title, fields.body],
  );
  return Number(rows[0]?.id);
}

describe("saved replies", () => {
  it("lets a member at aal2 add, read, edit and delete them, the database saying who and when", async () => {
    const client = await member.client();
    const made = await createSavedReply(dates, client);
    expect(made).toMatchObject({ ...dates, updated_by: member.id });
    expect(Date.parse(made.updated_at)).toBeGreaterThan(Date.now() - 60_000);

    const other = await colleague.client();
    expect(await listSavedReplies(other)).toEqual([made]);
    const edited = await updateSavedReply(
      made.id,
      made.updated_at,
      { language: "en", title: "Dates", body: "Mutakallim starts in March, on Saturdays." },
      other,
    );
    expect(edited).toMatchObject({
      done: true,
      row: { id: made.id, language: "en", title: "Dates", updated_by: colleague.id },
    });
    if (!edited.done) throw new Error("not edited");
    expect(Date.parse(edited.row.updated_at)).toBeGreaterThan(Date.parse(made.updated_at));
    expect(await stored()).toEqual([
      {
        language: "en",
        title: "Dates",
        body: "Mutakallim starts in March, on Saturdays.",
        created_by: member.id,
        updated_by: colleague.id,
      },
    ]);

    expect(await deleteSavedReply(made.id, edited.row.updated_at, client)).toMatchObject({
      done: true,
      row: { id: made.id },
    });
    expect(await stored()).toEqual([]);
  });

  it("keeps another member's edit from one made over what was read before it", async () => {
    const id = await seeded();
    const [seen] = await listSavedReplies(await member.client());
    if (!seen) throw new Error("nothing read");
    const theirs = await updateSavedReply(
      id,
      seen.updated_at,
      { ...dates, body: "يبدأ في نيسان." },
      await colleague.client(),
    );
    expect(theirs.done).toBe(true);

    const client = await member.client();
    const stale = await updateSavedReply(id, seen.updated_at, { ...dates, body: "قديم" }, client);
    expect(stale).toMatchObject({ done: false, current: { id, body: "يبدأ في نيسان." } });
    // The same edit as PostgREST sees it: no row matched, none answered, nothing changed.
    const raw = await client
      .from("saved_replies")
      .update({ body: "قديم" })
      .eq("id", id)
      .eq("updated_at", seen.updated_at)
      .select();
    expect({ status: raw.status, data: raw.data, error: raw.error }).toEqual({
      status: 200,
      data: [],
      error: null,
    });
    expect(await deleteSavedReply(id, seen.updated_at, client)).toMatchObject({
      done: false,
      current: { id, body: "يبدأ في نيسان." },
    });
    expect((await stored()).map((row) => row.body)).toEqual(["يبدأ في نيسان."]);

    // Deleted meanwhile: the edit says so, and puts nothing back.
    if (!theirs.done) throw new Error("not edited");
    expect((await deleteSavedReply(id, theirs.row.updated_at, await colleague.client())).done).toBe(
      true,
    );
    expect(await updateSavedReply(id, theirs.row.updated_at, dates, client)).toEqual({
      done: false,
      current: null,
    });
    expect(await stored()).toEqual([]);
  });

  it("lets nobody else read or write them: anon, a signed-up stranger, a member at aal1", async () => {
    const id = await seeded();
    const stranger = await createMember(server, { team: false });
    const callers = [
      ["anon", clientFor(server, server.keys.anon), 401],
      ["a signed-up stranger", await stranger.client(), 403],
      ["a member at aal1", await member.client({ aal: "aal1" }), 403],
    ] as const;
    for (const [who, client, refused] of callers) {
      const read = await client.from("saved_replies").select("*");
      // Anon has no grant at all; a signed-in account reads through policies that show nothing.
      expect({ who, status: read.status, rows: read.data ?? [] }).toEqual({
        who,
        status: who === "anon" ? 401 : 200,
        rows: [],
      });
      const insert = await client.from("saved_replies").insert(dates);
      expect({ who, status: insert.status, code: insert.error?.code }).toEqual({
        who,
        status: refused,
        code: "42501",
      });
      const update = await client
        .from("saved_replies")
        .update({ body: "changed" })
        .eq("id", id)
        .select();
      expect({ who, rows: update.data ?? [] }).toEqual({ who, rows: [] });
      const removal = await client.from("saved_replies").delete().eq("id", id).select();
      expect({ who, rows: removal.data ?? [] }).toEqual({ who, rows: [] });
    }
    expect(await stored()).toEqual([{ ...dates, created_by: null, updated_by: null }]);
  });

  it("refuses bad input with PostgREST's error, and stores nothing", async () => {
    const client = await member.client();
    const cases: [Record<string, string>, string][] = [
      [{ ...dates, title: "" }, "saved_replies_title"],
      [{ ...dates, title: " \u200f\n" }, "saved_replies_title"],
      [{ ...dates, title: "ع".repeat(121) }, "saved_replies_title"],
      [{ ...dates, body: "" }, "saved_replies_body"],
      [{ ...dates, body: "x".repeat(20_001) }, "saved_replies_body"],
      [{ ...dates, language: "fr" }, "saved_replies_language"],
    ];
    for (const [fields, constraint] of cases) {
      const answer = await client.from("saved_replies").insert(fields).select();
      expect({ constraint, status: answer.status, code: answer.error?.code }).toEqual({
        constraint,
        status: 400,
        code: "23514",
      });
      expect(answer.error?.message).toContain(constraint);
      expect(answer.data).toBeNull();
    }
    expect(await stored()).toEqual([]);

    // Its bounds are exact: 120 characters of title and 20,000 of body are taken.
    const longest = await createSavedReply(
      { language: "en", title: "ع".repeat(120), body: "x".repeat(20_000) },
      client,
    );
    expect(longest.body).toHaveLength(20_000);
    const edit = await client
      .from("saved_replies")
      .update({ language: "fr" })
      .eq("id", longest.id)
      .select();
    expect({ status: edit.status, code: edit.error?.code }).toEqual({ status: 400, code: "23514" });
    expect((await stored()).map((row) => row.language)).toEqual(["en"]);
  });

  it("takes who and when from the database alone", async () => {
    const client = await member.client();
    for (const forged of [
      { created_by: colleague.id },
      { updated_by: colleague.id },
      { updated_at: "2020-01-01T00:00:00Z" },
    ]) {
      const answer = await client.from("saved_replies").insert({ ...dates, ...forged });
      expect({ forged, status: answer.status, code: answer.error?.code }).toEqual({
        forged,
        status: 403,
        code: "42501",
      });
    }
    const made = await createSavedReply(dates, client);
    const answer = await client
      .from("saved_replies")
      .update({ updated_at: made.updated_at })
      .eq("id", made.id);
    expect(answer.error?.code).toBe("42501");
    expect(await stored()).toEqual([{ ...dates, created_by: member.id, updated_by: member.id }]);
  });

  it("keeps at most 200, however many are added at once", async () => {
    await server.db.query(
      `insert into public.saved_replies (language, title, body)
       select 'en', 'Saved ' || n, 'Text ' || n from generate_series(1, 197) n`,
    );
    const client = await member.client();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        client.from("saved_replies").insert({ ...dates, title: `At once ${n}` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 400, 400]);
    const refused = answers.find((answer) => answer.error);
    expect(refused?.error).toMatchObject({
      code: "23514",
      message: "At most 200 saved replies are kept",
      hint: "Delete one first.",
    });
    expect(await stored()).toHaveLength(200);
  });

  it("is heard live by the team", async () => {
    const { rows } = await server.db.query(
      `select 1 from pg_publication_tables
        where pubname = 'supabase_realtime' and tablename = 'saved_replies'`,
    );
    expect(rows).toHaveLength(1);
  });
});
