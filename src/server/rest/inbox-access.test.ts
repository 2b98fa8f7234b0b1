import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import { restRequest, type RestCall } from "../../../tests/support/rest.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { vouchForDelivery } from "../mail/outbox.ts";

// The team's inbox through /rest/v1: the database decides who reads and triages submissions.
let server: TestServer;
let member: MintedMember;
let outsider: MintedMember;
let submissionId: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { email: "member@example.com" });
  outsider = await createMember(server, { team: false, email: "outsider@example.com" });
  const { rows } = await server.db.query<{ id: number | string }>(
    `insert into public.contact_submissions (name, email, message, form_source)
     values ('Layla', 'layla@example.com', 'First, hello', 'Contact Page'),
            ('نور', 'noor@example.com', 'أريد التسجيل', 'Mutakallim Program')
     returning id`,
  );
  submissionId = Number(rows[0]?.id);
});
afterAll(() => server.close());

const table = "/rest/v1/contact_submissions";

/** A call with this bearer token, or as anon (its key as the token) when null. */
const call = (path: string, bearer: string | null, init: RestCall = {}) =>
  restRequest(server, path, { ...init, bearer: bearer ?? server.keys.anon });

async function stored(id: number) {
  const { rows } = await server.db.query<{ status: string; note: string; name: string }>(
    "select status, note, name from public.contact_submissions where id = $1",
    [id],
  );
  return rows[0];
}

describe("a team member signed in with two factors", () => {
  it("reads every submission, filtered and counted", async () => {
    const bearer = await member.bearer();
    const all = await call(`${table}?select=id,name&order=id.asc`, bearer, {
      headers: { prefer: "count=exact" },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-range")).toBe("0-1/2");
    const search = await call(
      `${table}?select=name&or=(name.ilike.*${encodeURIComponent("نور")}*,message.ilike.*nothing*)&status=eq.new`,
      bearer,
    );
    expect(search.body).toEqual([{ name: "نور" }]);
  });

  it("sets the status and note, and the database records who changed what", async () => {
    // The address recorded is the token's, which here is not the account's.
    const bearer = await member.bearer({ claims: { email: `${member.id}@example.com` } });
    const response = await call(`${table}?id=eq.${submissionId}&select=id,status,note`, bearer, {
      method: "PATCH",
      body: { status: "in_progress", note: "Called back" },
      headers: { prefer: "return=representation" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: submissionId, status: "in_progress", note: "Called back" },
    ]);
    const history = await call(
      `/rest/v1/contact_submission_changes?submission_id=eq.${submissionId}&select=field,old_value,new_value,changed_by,changed_by_email&order=field.asc`,
      bearer,
    );
    expect(history.body).toEqual([
      {
        field: "note",
        old_value: "",
        new_value: "Called back",
        changed_by: member.id,
        changed_by_email: `${member.id}@example.com`,
      },
      {
        field: "status",
        old_value: "new",
        new_value: "in_progress",
        changed_by: member.id,
        changed_by_email: `${member.id}@example.com`,
      },
    ]);
  });

  it("answers a minimal PATCH with 204 and the affected range", async () => {
    const bearer = await member.bearer();
    const response = await call(`${table}?id=eq.${submissionId}`, bearer, {
      method: "PATCH",
      body: { status: "done" },
      headers: { prefer: "count=exact" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("content-range")).toBe("0-0/1");
    expect(response.headers.get("preference-applied")).toBe("count=exact");
    expect((await stored(submissionId))?.status).toBe("done");
  });

  it.each([
    ["the visitor's words", { name: "Someone else" }, `id=eq.1`, 403, "42501"],
    ["an unknown status", { status: "archived" }, `id=eq.1`, 400, "23514"],
    ["an unknown column", { mood: "x" }, `id=eq.1`, 400, "PGRST204"],
    ["no filter at all", { status: "spam" }, "", 400, "21000"],
    ["a bad filter value", { status: "spam" }, "id=eq.first", 400, "22P02"],
  ])("cannot change %s", async (_what, body, filter, status, code) => {
    const before = await stored(submissionId);
    const response = await call(`${table}?${filter}`, await member.bearer(), {
      method: "PATCH",
      body,
    });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code });
    expect(await stored(submissionId)).toEqual(before);
  });

  it("rolls the update back when one object was asked for and several matched", async () => {
    const response = await call(`${table}?id=gt.0`, await member.bearer(), {
      method: "PATCH",
      body: { status: "spam" },
      headers: { accept: "application/vnd.pgrst.object+json", prefer: "return=representation" },
    });
    expect(response.status).toBe(406);
    expect(response.body).toMatchObject({
      code: "PGRST116",
      details: "The result contains 2 rows",
    });
    const { rows } = await server.db.query(
      "select 1 from public.contact_submissions where status = 'spam'",
    );
    expect(rows).toHaveLength(0);
  });
});

describe("an embedding shows no one more than a read of each table would", () => {
  const embedded = (id: number) =>
    `${table}?select=id,contact_submission_changes(field,new_value)&id=eq.${id}`;

  it("gives a member at aal2 the submission with its history", async () => {
    const bearer = await member.bearer();
    const [, second] = (await call(`${table}?select=id&order=id`, bearer)).body as { id: number }[];
    const id = Number(second?.id);
    await call(`${table}?id=eq.${id}`, bearer, {
      method: "PATCH",
      body: { status: "in_progress" },
    });
    const read = await call(embedded(id), bearer);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([
      { id, contact_submission_changes: [{ field: "status", new_value: "in_progress" }] },
    ]);
    const back = await call(
      `/rest/v1/contact_submission_changes?select=field,contact_submissions(name)&submission_id=eq.${id}`,
      bearer,
    );
    expect(back.body).toEqual([{ field: "status", contact_submissions: { name: "نور" } }]);
  });

  it.each([
    ["a member with one factor (aal1)", () => member.bearer({ aal: "aal1" })],
    ["a signed-in user who is not on the team", () => outsider.bearer()],
  ])("gives %s nothing, embedded or not", async (_who, bearerFor) => {
    const bearer = await bearerFor();
    expect((await call(embedded(submissionId), bearer)).body).toEqual([]);
    const inner = await call(
      "/rest/v1/contact_submission_changes?select=id,contact_submissions!inner(name)",
      bearer,
    );
    expect(inner.body).toEqual([]);
  });

  it("refuses anon outright", async () => {
    expect((await call(embedded(submissionId), null)).status).toBe(401);
  });
});

describe("everyone else sees nothing and changes nothing", () => {
  const cases: [string, () => Promise<string | null>][] = [
    ["a member with one factor (aal1)", () => member.bearer({ aal: "aal1" })],
    ["a signed-in user who is not on the team", () => outsider.bearer()],
    [
      "a user whose token claims membership the database does not grant",
      () => outsider.bearer({ claims: { app_metadata: { team: true } } }),
    ],
  ];

  it.each(cases)("%s", async (_who, bearerFor) => {
    const bearer = await bearerFor();
    const before = await stored(submissionId);
    const read = await call(`${table}?select=id`, bearer, { headers: { prefer: "count=exact" } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual([]);
    expect(read.headers.get("content-range")).toBe("*/0");
    const history = await call("/rest/v1/contact_submission_changes?select=id", bearer);
    expect(history.body).toEqual([]);
    const update = await call(`${table}?id=eq.${submissionId}`, bearer, {
      method: "PATCH",
      body: { status: "spam" },
    });
    expect(update.status).toBe(204);
    expect(update.headers.get("content-range")).toBe("*/*");
    expect(await stored(submissionId)).toEqual(before);
  });

  it("anon is refused outright", async () => {
    const read = await call(`${table}?select=id`, null);
    expect(read.status).toBe(401);
    const update = await call(`${table}?id=eq.${submissionId}`, null, {
      method: "PATCH",
      body: { status: "spam" },
    });
    expect(update.status).toBe(401);
    expect(update.body).toMatchObject({ code: "42501" });
  });

  it("a token signed with another secret is refused", async () => {
    const forged = await new SignJWT({ sub: member.id, role: "authenticated", aal: "aal2" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("another secret that is long enough to sign"));
    const read = await call(`${table}?select=id`, forged);
    expect(read.status).toBe(401);
    expect(read.body).toMatchObject({ code: "PGRST301" });
  });

  it("a member removed from the team loses access at once, token or not", async () => {
    const bearer = await member.bearer();
    await server.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data - 'team' where id = $1`,
      [member.id],
    );
    try {
      const read = await call(`${table}?select=id`, bearer);
      expect(read.body).toEqual([]);
    } finally {
      await server.db.query(
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"team": true}' where id = $1`,
        [member.id],
      );
    }
  });
});

describe("the mail's delivery, read-only", () => {
  const outbox = "/rest/v1/mail_outbox";
  const delivery = "id,kind,submission_id,status,attempts,created_at,sent_at,last_error";

  async function failFirstMail(): Promise<number> {
    const { rows } = await server.db.query<{ id: number | string }>(
      `update public.mail_outbox
          set status = 'failed', attempts = 12, last_error = '421 try again later'
        where id = (select min(id) from public.mail_outbox)
        returning id`,
    );
    return Number(rows[0]?.id);
  }

  async function outboxRows() {
    const { rows } = await server.db.query(
      "select id, status, attempts, last_error, recipient from public.mail_outbox order by id",
    );
    return rows;
  }

  it("a member reads each mail's kind, state and last error, and which submission it tells of", async () => {
    const failed = await failFirstMail();
    const response = await call(
      `${outbox}?select=${delivery}&status=eq.failed&order=created_at.desc`,
      await member.bearer(),
      { headers: { prefer: "count=exact" } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-range")).toBe("0-0/1");
    expect(response.body).toEqual([
      expect.objectContaining({
        id: failed,
        kind: "submission",
        submission_id: submissionId,
        status: "failed",
        attempts: 12,
        last_error: "421 try again later",
        sent_at: null,
      }),
    ]);
    const every = await call(`${outbox}?select=kind&order=id.asc`, await member.bearer());
    expect(every.body).toEqual([
      { kind: "submission" },
      { kind: "submission" },
      { kind: "registration" },
    ]);
  });

  it.each([
    ["the recipient", "id,recipient"],
    ["the link", "link"],
    ["every column", "*"],
  ])("a member cannot read %s", async (_what, select) => {
    const response = await call(`${outbox}?select=${select}`, await member.bearer());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: "42501",
      message: "permission denied for table mail_outbox",
    });
  });

  it.each([
    ["PATCH", `${outbox}?id=gt.0`, { status: "sent" }],
    ["POST", outbox, { kind: "submission" }],
  ])("a member cannot %s the outbox", async (method, path, body) => {
    const before = await outboxRows();
    const response = await call(path, await member.bearer(), { method, body });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "42501" });
    expect(await outboxRows()).toEqual(before);
  });

  it.each([
    ["a member with one factor (aal1)", () => member.bearer({ aal: "aal1" })],
    ["a signed-in user who is not on the team", () => outsider.bearer()],
  ])("%s reads nothing", async (_who, bearerFor) => {
    const response = await call(`${outbox}?select=${delivery}`, await bearerFor(), {
      headers: { prefer: "count=exact" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(response.headers.get("content-range")).toBe("*/0");
  });

  it("anon is refused outright", async () => {
    const response = await call(`${outbox}?select=id,kind`, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "42501" });
  });
});

describe("whether mail is delivered", () => {
  // The inbox asks the database's clock, not the browser's: PostgreSQL reads 'now' as now().
  const live = "/rest/v1/mail_delivery?select=seen_at&live_until=gt.now";

  it("a member reads it while a worker vouches for it, and not after", async () => {
    const bearer = await member.bearer();
    await server.db.query("delete from public.mail_delivery");
    expect((await call(live, bearer)).body).toEqual([]);
    await vouchForDelivery(server.db, 180);
    const on = await call(live, bearer);
    expect(on.status).toBe(200);
    expect(on.body).toEqual([{ seen_at: expect.any(String) }]);
    await server.db.query(
      "update public.mail_delivery set live_until = now() - interval '1 second'",
    );
    expect((await call(live, bearer)).body).toEqual([]);
  });

  it.each([
    ["a member with one factor (aal1)", () => member.bearer({ aal: "aal1" })],
    ["a signed-in user who is not on the team", () => outsider.bearer()],
  ])("%s reads nothing", async (_who, bearerFor) => {
    await vouchForDelivery(server.db, 180);
    const response = await call(live, await bearerFor());
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("nobody writes it through the API", async () => {
    await vouchForDelivery(server.db, 180);
    const response = await call("/rest/v1/mail_delivery?id=eq.true", await member.bearer(), {
      method: "PATCH",
      body: { live_until: "2000-01-01T00:00:00Z" },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "42501" });
    expect((await call(live, await member.bearer())).body).toHaveLength(1);
  });

  it("anon is refused outright", async () => {
    const response = await call(live, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "42501" });
  });

  it("anyone may ask whether it is on, a member who forgot their password included", async () => {
    const ask = "/rest/v1/rpc/mail_is_on";
    await server.db.query("delete from public.mail_delivery");
    expect(await call(ask, null)).toMatchObject({ status: 200, body: false });
    await vouchForDelivery(server.db, 180);
    expect(await call(ask, null)).toMatchObject({ status: 200, body: true });
    expect((await call(ask, await outsider.bearer({ aal: "aal1" }))).body).toBe(true);
    await server.db.query(
      "update public.mail_delivery set live_until = now() - interval '1 second'",
    );
    expect((await call(ask, null)).body).toBe(false);
  });
});
