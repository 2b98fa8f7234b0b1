import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";
import { raiseToAal2 } from "../support/member.ts";

// The team's journey through supabase-js: invited by the admin API, signed in by the link,
// a password and an authenticator app, then reading and triaging submissions, decided by RLS.
let target: ContractTarget;
let service: SupabaseClient;
beforeAll(async () => {
  target = await contractTarget();
  service = clientFor(target, target.serviceRoleKey);
});
afterAll(() => target.close());

const submissionTable = "contact_submissions";

async function invited(email: string): Promise<{ link: string; userId: string }> {
  const { data, error } = await service.auth.admin.generateLink({
    type: "invite",
    email,
    options: { redirectTo: `${target.url}/inbox` },
  });
  expect(error).toBeNull();
  const made = await service.auth.admin.updateUserById(data.user!.id, {
    app_metadata: { team: true },
  });
  expect(made.error).toBeNull();
  expect(made.data.user?.app_metadata).toMatchObject({ team: true, provider: "email" });
  return { link: data.properties!.action_link, userId: data.user!.id };
}

/** Follows the link as a browser would, and reads the session supabase-js would find. */
async function followLink(link: string): Promise<URLSearchParams & { location: string }> {
  const response = await target.fetch(link, { redirect: "manual" });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  const fragment = new URLSearchParams(location.split("#")[1] ?? "");
  return Object.assign(fragment, { location });
}

async function memberClient(email: string) {
  const { link } = await invited(email);
  const fragment = await followLink(link);
  expect(fragment.location.startsWith(`${target.url}/inbox#`)).toBe(true);
  expect(fragment.get("type")).toBe("invite");
  const client = clientFor(target, target.anonKey);
  const set = await client.auth.setSession({
    access_token: fragment.get("access_token")!,
    refresh_token: fragment.get("refresh_token")!,
  });
  expect(set.error).toBeNull();
  return { client, link };
}

describe("an invited member", () => {
  it("signs in by the link once, chooses a password, enrols a factor and triages", async () => {
    const email = uniqueEmail("member");
    const { client, link } = await memberClient(email);
    const { data: aal1 } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal1).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    expect(
      aal1?.currentAuthenticationMethods.map((entry) =>
        typeof entry === "string" ? entry : entry.method,
      ),
    ).toEqual(["otp"]);

    // The link works once.
    const again = await followLink(link);
    expect(again.get("error_code")).toBe("otp_expired");
    expect(again.get("access_token")).toBeNull();

    const password = `correct horse ${Date.now()}`;
    expect((await client.auth.updateUser({ password })).error).toBeNull();

    // One factor only: the inbox is closed to this session until it proves a second one.
    const anon = clientFor(target, target.anonKey);
    const message = `Contract ${email}`;
    expect(
      (
        await anon.from(submissionTable).insert({
          name: "Visitor",
          email: "visitor@example.com",
          phone: null,
          message,
          form_source: "Contact Page",
        })
      ).error,
    ).toBeNull();
    const hidden = await client.from(submissionTable).select("id").eq("message", message);
    expect(hidden).toMatchObject({ error: null, data: [] });
    const hiddenMail = await client.from("mail_outbox").select("id, kind");
    expect(hiddenMail).toMatchObject({ error: null, data: [] });

    await raiseToAal2(client);
    const seen = await client
      .from(submissionTable)
      .select("id, status, note", { count: "exact" })
      .eq("message", message)
      .in("status", ["new", "in_progress"])
      .order("created_at", { ascending: false })
      .range(0, 49);
    expect(seen.error).toBeNull();
    expect(seen.count).toBe(1);
    const id = seen.data![0]!.id as number;

    const updated = await client
      .from(submissionTable)
      .update({ status: "done", note: "Answered by phone" })
      .eq("id", id)
      .select("status, note");
    expect(updated).toMatchObject({
      error: null,
      status: 200,
      data: [{ status: "done", note: "Answered by phone" }],
    });
    const words = await client.from(submissionTable).update({ message: "changed" }).eq("id", id);
    expect(words.error).toMatchObject({ code: "42501" });
    const everything = await client.from(submissionTable).update({ status: "spam" }).neq("id", 0);
    expect(everything.error).toBeNull();
    const unfiltered = await target.fetch(`${target.url}/rest/v1/${submissionTable}`, {
      method: "PATCH",
      headers: {
        apikey: target.anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ status: "spam" }),
    });
    expect(unfiltered.status).toBe(400);
    expect(await unfiltered.json()).toMatchObject({
      code: "21000",
      message: "UPDATE requires a WHERE clause",
    });

    const history = await client
      .from("contact_submission_changes")
      .select("field, new_value, changed_by_email")
      .eq("submission_id", id)
      .order("id");
    expect(history.data).toEqual(
      expect.arrayContaining([
        { field: "status", new_value: "done", changed_by_email: email },
        { field: "note", new_value: "Answered by phone", changed_by_email: email },
      ]),
    );

    // The inbox's view of the mail: each one's delivery, and whether a worker delivers now
    // (the literal 'now' is read by the database's clock), never a recipient.
    const mail = await client
      .from("mail_outbox")
      .select("kind, status, attempts, last_error")
      .eq("submission_id", id);
    expect(mail).toMatchObject({
      error: null,
      data: [expect.objectContaining({ kind: "submission" })],
    });
    const recipient = await client.from("mail_outbox").select("recipient").eq("submission_id", id);
    expect(recipient.error).toMatchObject({ code: "42501" });
    const delivery = await client.from("mail_delivery").select("seen_at").gt("live_until", "now");
    expect(delivery.error).toBeNull();

    // Signed in again with the chosen password: aal1 until the factor's code.
    const again2 = clientFor(target, target.anonKey);
    const signedIn = await again2.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const { data: level } = await again2.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    expect((await again2.from(submissionTable).select("id").eq("id", id)).data).toEqual([]);
  });
});

describe("the admin API the team command uses", () => {
  it("lists, reads, resets factors and removes a member", async () => {
    const email = uniqueEmail("admin");
    const { client } = await memberClient(email);
    await raiseToAal2(client);
    const { data: users } = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
    const user = users.users.find((candidate) => candidate.email === email);
    expect(user?.app_metadata.team).toBe(true);
    expect((await service.auth.admin.getUserById(user!.id)).data.user?.email).toBe(email);

    const factors = await service.auth.admin.mfa.listFactors({ userId: user!.id });
    expect(factors.data?.factors).toHaveLength(1);
    const deleted = await service.auth.admin.mfa.deleteFactor({
      id: factors.data!.factors[0]!.id,
      userId: user!.id,
    });
    expect(deleted.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level?.currentLevel).toBe("aal1");

    expect((await service.auth.admin.deleteUser(user!.id)).error).toBeNull();
    expect((await service.auth.admin.getUserById(user!.id)).error).toMatchObject({ status: 404 });
  });

  it("refuses to invite an address that already has an account", async () => {
    const email = uniqueEmail("taken");
    await memberClient(email);
    const repeat = await service.auth.admin.inviteUserByEmail(email);
    expect(repeat.error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("is closed to anyone but service_role", async () => {
    const anon = clientFor(target, target.anonKey);
    const listing = await target.fetch(`${target.url}/auth/v1/admin/users`, {
      headers: { apikey: target.anonKey, authorization: `Bearer ${target.anonKey}` },
    });
    expect(listing.status).toBe(403);
    expect(await listing.json()).toMatchObject({ code: 403, error_code: "not_admin" });
    const invite = await anon.auth.admin.inviteUserByEmail(uniqueEmail("nope"));
    expect(invite.error).toMatchObject({ status: 403, code: "not_admin" });
  });
});

describe("what GoTrue answers for features that are off", () => {
  it("refuses an anonymous sign-up and publishes no keys for HS256", async () => {
    const anon = clientFor(target, target.anonKey);
    const signUp = await anon.auth.signUp({ email: "", password: "long enough password" });
    expect(signUp.error).toMatchObject({ status: 422, code: "anonymous_provider_disabled" });
    const keys = await target.fetch(`${target.url}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: target.anonKey },
    });
    expect(await keys.json()).toEqual({ keys: [] });
  });
});

describe("the site's content, through supabase-js", () => {
  const links = {
    instagram: "https://www.instagram.com/kalima",
    x: "",
    youtube: "",
    tiktok: "",
    facebook: "",
  };

  /** What each kind of caller may read and write of the drafts and versions. */
  async function tries(client: SupabaseClient) {
    const drafts = await client.from("site_content_drafts").select("section");
    const versions = await client.from("site_content_versions").select("id");
    const saved = await client.rpc("save_site_draft", {
      section: "links",
      body: links,
      base_revision: 0,
    });
    const published = await client.rpc("publish_site_content");
    const inserted = await client.from("site_content_versions").insert({ content: {} });
    const changed = await client
      .from("site_content_drafts")
      .update({ body: {} })
      .eq("section", "links")
      .select("section");
    const shown = await client.from("published_site_content").select("version");
    return {
      drafts: drafts.error ? drafts.status : (drafts.data ?? []).length,
      versions: versions.error ? versions.status : (versions.data ?? []).length,
      saved: saved.error ? saved.status : "saved",
      published: published.error ? published.status : "published",
      inserted: inserted.status,
      changed: changed.error ? changed.status : (changed.data ?? []).length,
      shown: (shown.data ?? []).length,
    };
  }

  it("lets visitors read only what is published, and nobody but a member at aal2 write", async () => {
    const anon = clientFor(target, target.anonKey);
    expect(await tries(anon)).toEqual({
      drafts: 401,
      versions: 401,
      saved: 401,
      published: 401,
      inserted: 401,
      changed: 401,
      shown: 1,
    });

    const stranger = clientFor(target, target.anonKey);
    const email = uniqueEmail("stranger");
    const signedUp = await stranger.auth.signUp({ email, password: "a long enough password" });
    expect(signedUp.error).toBeNull();
    const refused = {
      drafts: 0,
      versions: 0,
      saved: 403,
      published: 403,
      inserted: 403,
      changed: 403,
      shown: 1,
    };
    expect(await tries(stranger)).toEqual(refused);

    // A member who has not given the second factor is refused the same.
    const { client: member } = await memberClient(uniqueEmail("editor"));
    expect(await tries(member)).toEqual(refused);

    await raiseToAal2(member);
    const { data: before } = await member
      .from("site_content_drafts")
      .select("section")
      .overrideTypes<{ section: string }[], { merge: false }>();
    expect(before?.map((row) => row.section).sort()).toEqual([
      "links",
      "mutakallim",
      "pages",
      "programs",
      "stories",
      "values",
    ]);
    const { data: draft } = await member
      .from("site_content_drafts")
      .select("revision")
      .eq("section", "links")
      .single()
      .overrideTypes<{ revision: number }, { merge: false }>();
    const saved = await member.rpc("save_site_draft", {
      section: "links",
      body: links,
      base_revision: draft!.revision,
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ section: "links", revision: draft!.revision + 1 });
    // A script address is refused by the database, whoever sends it.
    const hostile = await member.rpc("save_site_draft", {
      section: "links",
      body: { ...links, x: "javascript:alert(1)" },
      base_revision: draft!.revision + 1,
    });
    expect(hostile.error).toMatchObject({ code: "22023" });
  });

  it("lets a member at aal2 write a version or a draft only through the site's functions", async () => {
    const { client: member } = await memberClient(uniqueEmail("publisher"));
    await raiseToAal2(member);
    const { data: live } = await member.from("published_site_content").select("version").single();
    const before = await member.from("site_content_versions").select("id, published_by_email");
    const forged = await member.from("site_content_versions").insert({
      content: { links: { ...links, x: "javascript:alert(1)" } },
      changed: [],
      published_by_email: "someone.else@example.com",
      hook_called_at: new Date().toISOString(),
    });
    const marked = await member
      .from("site_content_versions")
      .update({ render_problem: "forged", rendered_at: null })
      .eq("id", live!.version)
      .select("id");
    const inserted = await member
      .from("site_content_drafts")
      .insert({ section: "links", body: links });
    const patched = await member
      .from("site_content_drafts")
      .update({ body: links })
      .eq("section", "links")
      .select("section");
    const removed = await member.from("site_content_drafts").delete().eq("section", "links");
    expect(
      [forged, marked, inserted, patched, removed].map((answer) => [
        answer.status,
        answer.error?.code,
      ]),
    ).toEqual(Array.from({ length: 5 }, () => [403, "42501"]));
    const after = await member.from("site_content_versions").select("id, published_by_email");
    expect(after.data).toEqual(before.data);
  });
});
