import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// What the API lets a stranger call: every function of an exposed schema the role may execute.
// A function a migration adds to that list must be meant for clients; a helper of the
// database's own rules belongs in the internal schema (20261126000000_internal_functions.sql).
let server: TestServer;
let outsiderToken: string;

// Whether mail is on, asked before signing in by a member who forgot their password.
const callableByAnyone = ["public.mail_is_on()"];
const callableBySignedInAccounts = [
  "public.erase_submissions_from(address text)",
  "public.mail_is_on()",
  "public.publish_site_content(reviewed jsonb, base_version bigint)",
  "public.restore_site_content(version_id bigint, replacing jsonb)",
  "public.save_site_draft(section text, body jsonb, base_revision integer)",
  "public.search_submission_counts(query text, form text)",
  "public.search_submissions(query text, form text, status text, spam boolean, row_limit integer, row_offset integer)",
  "public.send_reply(submission_id bigint, body text)",
  "public.set_status_of_matches(new_status text, query text, form text, status text, spam boolean)",
  "public.team_member_names()",
];

beforeAll(async () => {
  server = await startTestServer();
  const signup = await server.app.request("/auth/v1/signup", {
    method: "POST",
    headers: { apikey: server.keys.anon, "content-type": "application/json" },
    body: JSON.stringify({ email: "stranger@example.com", password: "a long enough password 1" }),
  });
  const session = (await signup.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-up gave no session: ${signup.status}`);
  outsiderToken = session.access_token;
});
afterAll(() => server.close());

async function executableBy(role: string): Promise<string[]> {
  const { rows } = await server.db.query<{ signature: string }>(
    `select n.nspname || '.' || p.proname || '(' ||
            pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as signature
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1::text[])
        and pg_catalog.has_function_privilege($2, p.oid, 'execute')
      order by 1`,
    [server.schema.schemas, role],
  );
  return rows.map((row) => row.signature);
}

describe("the functions the API serves", () => {
  it("lets anon ask only whether mail is on, and a signed-in account the team's own calls (each checks membership)", async () => {
    expect(await executableBy("anon")).toEqual(callableByAnyone);
    expect(await executableBy("authenticated")).toEqual(callableBySignedInAccounts);
  });

  it.each([
    ["fold_for_search", { value: "x".repeat(60_000) }],
    ["has_visible_text", { value: "text" }],
    ["is_mailable_address", { address: "someone@example.com" }],
    ["is_team_member", {}],
    ["search_pattern", { query: "word" }],
    ["submission_search_text", { name: "a", email: "b", phone: "c", message: "d", note: "e" }],
  ])("answers PGRST202 for the rules' helper %s, to anon and to a stranger", async (name, body) => {
    for (const token of [server.keys.anon, outsiderToken]) {
      const answer = await server.app.request(`/rest/v1/rpc/${name}`, {
        method: "POST",
        headers: {
          apikey: server.keys.anon,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: "PGRST202" });
    }
  });

  it("still holds the rules the helpers serve: blank text is refused, search text is folded", async () => {
    const insertAsAnon = (row: Record<string, string>) =>
      server.app.request("/rest/v1/contact_submissions", {
        method: "POST",
        headers: {
          apikey: server.keys.anon,
          authorization: `Bearer ${server.keys.anon}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ form_source: "Contact Page", ...row }),
      });
    const blank = await insertAsAnon({
      name: "\u200b \u3000",
      email: "someone@example.com",
      message: "Hello",
    });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      code: "23514",
      message: expect.stringContaining("contact_submissions_name_length"),
    });
    const stored = await insertAsAnon({
      name: "أحمد",
      email: "ahmad@example.com",
      message: "سؤال عن البرنامج ٢٠٢٦",
    });
    expect(stored.status).toBe(201);
    const { rows } = await server.db.query<{ search_text: string }>(
      "select search_text from public.contact_submissions where email = 'ahmad@example.com'",
    );
    expect(rows[0]?.search_text).toContain("احمد");
    expect(rows[0]?.search_text).toContain("2026");
  });
});
