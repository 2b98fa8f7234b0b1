import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import { restRequest } from "../../../tests/support/rest.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// Seen, delete, erase and retention: the database decides, under row-level security.
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
  await server.db.query("delete from public.contact_submission_deletions");
  await server.db.query("update private.retention set spam_days = 30, keep_months = null");
});

async function request(path: string, token: string, method = "GET", body?: unknown) {
  const { status, body: answer } = await restRequest(server, path, {
    method,
    body,
    bearer: token,
    headers: { prefer: "return=representation" },
  });
  return { status, body: answer };
}

/** A submission with a mail row and a history row, as a real one has; answers its id. */
async function stored(email: string, extra: { status?: string; daysAgo?: number } = {}) {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message, form_source, created_at)
     values ('Layla', $1, 'Please call me', 'Contact Page', now() - make_interval(days => $2))
     returning id::text`,
    [email, extra.daysAgo ?? 0],
  );
  const id = rows[0]?.id ?? "";
  await server.db.query(
    "update public.contact_submissions set status = $2, note = 'called her at home' where id = $1",
    [id, extra.status ?? "in_progress"],
  );
  return id;
}

async function exists(id: string) {
  const { rows } = await server.db.query<{ submissions: number; mails: number; changes: number }>(
    `select (select count(*)::int from public.contact_submissions where id = $1) as submissions,
            (select count(*)::int from public.mail_outbox where submission_id = $1) as mails,
            (select count(*)::int from public.contact_submission_changes where submission_id = $1) as changes`,
    [id],
  );
  return rows[0];
}

async function deletions() {
  const { rows } = await server.db.query<Record<string, unknown>>(
    `select submission_id::text, form_source, submitted_at, deleted_at, deleted_by::text,
            deleted_by_email, reason
       from public.contact_submission_deletions order by id`,
  );
  return rows;
}

describe("deleting a submission", () => {
  it.each([
    ["anon", async () => server.keys.anon, 401, expect.objectContaining({ code: "42501" })],
    // Row-level security hides every row from them: nothing matches, nothing goes.
    ["a member with one factor", () => member.bearer({ aal: "aal1" }), 200, []],
    ["an account not on the team", () => outsider.bearer(), 200, []],
    [
      "a forged token",
      () => member.bearer({ secret: "x".repeat(40) }),
      401,
      expect.objectContaining({ code: "PGRST301" }),
    ],
  ])("is refused to %s, and nothing goes", async (_who, token, status, body) => {
    const id = await stored("layla@example.com");
    const answer = await request(
      `/rest/v1/contact_submissions?id=eq.${id}`,
      await token(),
      "DELETE",
    );
    expect(answer).toEqual({ status, body });
    expect(await exists(id)).toEqual({ submissions: 1, mails: 1, changes: 2 });
    expect(await deletions()).toEqual([]);
  });

  it("by a member takes the row, its mail and its history, and records only that it happened", async () => {
    const id = await stored("layla@example.com");
    const answer = await request(
      `/rest/v1/contact_submissions?id=eq.${id}&select=id`,
      await member.bearer(),
      "DELETE",
    );
    expect(answer).toEqual({ status: 200, body: [{ id: Number(id) }] });
    expect(await exists(id)).toEqual({ submissions: 0, mails: 0, changes: 0 });
    const [record] = await deletions();
    expect(record).toMatchObject({
      submission_id: id,
      form_source: "Contact Page",
      deleted_by: member.id,
      deleted_by_email: "member@example.com",
      reason: "deleted",
    });
    expect(JSON.stringify(record)).not.toMatch(/layla|Please call|called her/iu);
  });

  it("refuses a DELETE with no filter, as PostgREST does", async () => {
    await stored("layla@example.com");
    const answer = await request("/rest/v1/contact_submissions", await member.bearer(), "DELETE");
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("21000");
  });
});

describe("erasing an address", () => {
  it("takes every submission from it, whatever its case, and nothing else", async () => {
    const first = await stored("layla@example.com");
    const second = await stored("Layla@Example.COM");
    const other = await stored("noor@example.com");
    const answer = await request(
      "/rest/v1/rpc/erase_submissions_from",
      await member.bearer(),
      "POST",
      { address: " LAYLA@example.com " },
    );
    expect(answer).toEqual({ status: 200, body: 2 });
    expect((await exists(first))?.submissions).toBe(0);
    expect((await exists(second))?.submissions).toBe(0);
    expect((await exists(other))?.submissions).toBe(1);
    expect((await deletions()).map((row) => row.reason)).toEqual(["erased", "erased"]);
  });

  it.each([
    ["anon", async () => server.keys.anon, 401, expect.objectContaining({ code: "42501" })],
    ["an account not on the team", () => outsider.bearer(), 200, 0],
  ])("erases nothing for %s", async (_who, token, status, body) => {
    const id = await stored("layla@example.com");
    const answer = await request("/rest/v1/rpc/erase_submissions_from", await token(), "POST", {
      address: "layla@example.com",
    });
    expect(answer).toEqual({ status, body });
    expect((await exists(id))?.submissions).toBe(1);
  });
});

describe("retention", () => {
  async function retain() {
    return request("/rest/v1/rpc/apply_retention", server.keys.service_role, "POST", {});
  }

  it("deletes spam after 30 days and keeps everything else, by default", async () => {
    const oldSpam = await stored("a@example.com", { status: "spam", daysAgo: 31 });
    const newSpam = await stored("b@example.com", { status: "spam", daysAgo: 29 });
    const oldMessage = await stored("c@example.com", { status: "done", daysAgo: 400 });
    expect(await retain()).toEqual({ status: 200, body: 1 });
    expect((await exists(oldSpam))?.submissions).toBe(0);
    expect((await exists(newSpam))?.submissions).toBe(1);
    expect((await exists(oldMessage))?.submissions).toBe(1);
    expect((await deletions()).map((row) => row.reason)).toEqual(["retention"]);
  });

  it("keeps the rest only as many months as the team sets", async () => {
    await server.db.query("update private.retention set keep_months = 12");
    const old = await stored("c@example.com", { status: "done", daysAgo: 400 });
    const recent = await stored("d@example.com", { status: "done", daysAgo: 300 });
    expect(await retain()).toEqual({ status: 200, body: 1 });
    expect((await exists(old))?.submissions).toBe(0);
    expect((await exists(recent))?.submissions).toBe(1);
  });

  it("is run by the service role alone", async () => {
    await stored("a@example.com", { status: "spam", daysAgo: 31 });
    const answer = await request("/rest/v1/rpc/apply_retention", await member.bearer(), "POST", {});
    expect(answer.status).toBe(403);
    expect(await deletions()).toEqual([]);
  });
});

describe("seen", () => {
  it("a member marks a submission seen and unseen, writing no history and no update time", async () => {
    const id = await stored("layla@example.com");
    const before = await server.db.query<{ updated_at: string }>(
      "select updated_at::text from public.contact_submissions where id = $1",
      [id],
    );
    const token = await member.bearer();
    for (const seen of [true, false, true]) {
      const answer = await request(
        `/rest/v1/contact_submissions?id=eq.${id}&select=seen`,
        token,
        "PATCH",
        { seen },
      );
      expect(answer).toEqual({ status: 200, body: [{ seen }] });
    }
    const after = await server.db.query<{ updated_at: string }>(
      "select updated_at::text from public.contact_submissions where id = $1",
      [id],
    );
    expect(after.rows).toEqual(before.rows);
    expect((await exists(id))?.changes).toBe(2);
  });

  it.each([
    ["anon", async () => server.keys.anon],
    ["a member with one factor", () => member.bearer({ aal: "aal1" })],
  ])("is not for %s", async (_who, token) => {
    const id = await stored("layla@example.com");
    await request(`/rest/v1/contact_submissions?id=eq.${id}`, await token(), "PATCH", {
      seen: true,
    });
    const { rows } = await server.db.query<{ seen: boolean }>(
      "select seen from public.contact_submissions where id = $1",
      [id],
    );
    expect(rows[0]?.seen).toBe(false);
  });
});
