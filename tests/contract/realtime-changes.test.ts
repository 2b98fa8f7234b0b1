import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";
import { Heard, roundTrip, subscribed, subscribeRecording } from "../support/realtime.ts";
import { createMember } from "../support/member.ts";

// postgres_changes through supabase-js's own realtime client: each change reaches a subscriber
// only when that subscriber's role and claims may read the row, decided by the table's policies.
type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
const newRow = (change: Change) => change.new as Record<string, unknown>;

let target: ContractTarget;
let service: SupabaseClient;
let anon: SupabaseClient;
let member: SupabaseClient;
let memberAal1: SupabaseClient;
let stranger: SupabaseClient;
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  target = await contractTarget({ realtime: {} });
  service = clientFor(target, target.serviceRoleKey);
  anon = clientFor(target, target.anonKey);
  member = await createMember(target, { invitedBy: service });
  memberAal1 = await createMember(target, { invitedBy: service, aal: "aal1" });
  stranger = await createMember(target, { invitedBy: service, team: false });
});
afterAll(async () => {
  for (const channel of channels) await channel.unsubscribe();
  for (const client of [service, anon, member, memberAal1, stranger]) {
    await client?.removeAllChannels();
  }
  await target.close();
});

function submission(label: string) {
  return {
    name: "Layla",
    email: uniqueEmail(label),
    message: "أريد الانضمام إلى البرنامج",
    form_source: "Contact Page",
  };
}

/** A channel on `client` hearing `filter`'s changes, joined. */
async function listening(
  client: SupabaseClient,
  filter: { event: "INSERT" | "UPDATE" | "DELETE" | "*"; table: string; filter?: string },
): Promise<{ channel: RealtimeChannel; heard: Heard<Change> }> {
  const heard = new Heard<Change>();
  const channel = client
    .channel(`changes-${Math.random().toString(36).slice(2)}`, {
      config: { broadcast: { ack: true } },
    })
    .on("postgres_changes", { schema: "public", ...filter }, heard.push);
  channels.push(channel);
  await subscribed(channel);
  return { channel, heard };
}

describe("postgres_changes under row-level security", () => {
  it("brings a visitor's submission to a member, and to no one whose policies refuse it", async () => {
    const table = { event: "INSERT" as const, table: "contact_submissions" };
    const forMember = await listening(member, table);
    const forAal1 = await listening(memberAal1, table);
    const forStranger = await listening(stranger, table);
    const forAnon = await listening(anon, table);

    const sent = submission("visitor");
    const inserted = await anon.from("contact_submissions").insert(sent);
    expect(inserted.error).toBeNull();
    const change = await forMember.heard.next((item) => newRow(item).email === sent.email);
    expect(change).toMatchObject({
      schema: "public",
      table: "contact_submissions",
      eventType: "INSERT",
      errors: null,
      new: { ...sent, status: "new", note: "" },
      old: {},
    });
    expect(typeof newRow(change).id).toBe("number");
    expect(Date.parse(change.commit_timestamp)).not.toBeNaN();

    // A later change heard by the member means the first was dealt with for everyone; a round
    // trip on each other socket means anything sent to it before has arrived.
    const later = submission("later");
    await anon.from("contact_submissions").insert(later);
    await forMember.heard.next((item) => newRow(item).email === later.email);
    for (const other of [forAal1, forStranger, forAnon]) {
      await roundTrip(other.channel);
      expect(other.heard.items).toEqual([]);
    }
  });

  it("filters by column, carries UPDATE's new row and DELETE's old key", async () => {
    const sent = submission("filtered");
    const { data, error } = await service
      .from("contact_submissions")
      .insert(sent)
      .select("id")
      .single();
    expect(error).toBeNull();
    const id = (data as { id: number }).id;
    const mine = await listening(member, {
      event: "*",
      table: "contact_submissions",
      filter: `id=eq.${id}`,
    });
    const others = await listening(member, {
      event: "UPDATE",
      table: "contact_submissions",
      filter: `id=in.(${id + 1000},${id + 2000})`,
    });

    expect(
      (await member.from("contact_submissions").update({ status: "done" }).eq("id", id)).error,
    ).toBeNull();
    const update = await mine.heard.next((item) => item.eventType === "UPDATE");
    expect(update.new).toMatchObject({ id, status: "done", email: sent.email });
    expect(update.old).toEqual({ id });

    expect((await member.from("contact_submissions").delete().eq("id", id)).error).toBeNull();
    const deleted = await mine.heard.next((item) => item.eventType === "DELETE");
    expect(deleted.old).toEqual({ id });
    expect(deleted.new).toEqual({});

    await roundTrip(others.channel);
    expect(others.heard.items).toEqual([]);
  });

  it("holds a change to every one of several comma-joined filters", async () => {
    const sent = submission("both");
    const { data } = await service.from("contact_submissions").insert(sent).select("id").single();
    const id = (data as { id: number }).id;
    const both = await listening(member, {
      event: "UPDATE",
      table: "contact_submissions",
      filter: `id=eq.${id},status=eq.done`,
    });
    const neither = await listening(member, {
      event: "UPDATE",
      table: "contact_submissions",
      filter: `id=eq.${id},status=eq.archived`,
    });
    await member.from("contact_submissions").update({ status: "read" }).eq("id", id);
    await member.from("contact_submissions").update({ status: "done" }).eq("id", id);
    const heard = await both.heard.next((item) => item.eventType === "UPDATE");
    expect(heard.new).toMatchObject({ id, status: "done" });
    await roundTrip(both.channel);
    expect(both.heard.items).toHaveLength(1);
    await roundTrip(neither.channel);
    expect(neither.heard.items).toEqual([]);
  });

  it("brings a change bigger than a notification carries, whole", async () => {
    const heard = await listening(member, { event: "INSERT", table: "contact_submissions" });
    const long = { ...submission("long"), message: "كلمة طيبة ".repeat(450).trim() };
    expect(Buffer.byteLength(long.message)).toBeGreaterThan(8000);
    expect((await anon.from("contact_submissions").insert(long)).error).toBeNull();
    const change = await heard.heard.next((item) => newRow(item).email === long.email);
    expect(newRow(change).message).toBe(long.message);
  });

  it("stops a member who leaves the team, at their next change", async () => {
    const leaving = await createMember(target, { invitedBy: service });
    const { data: user } = await leaving.auth.getUser();
    const heard = await listening(leaving, { event: "INSERT", table: "contact_submissions" });
    const first = submission("before");
    await anon.from("contact_submissions").insert(first);
    await heard.heard.next((item) => newRow(item).email === first.email);

    await service.auth.admin.updateUserById(user.user!.id, { app_metadata: { team: false } });
    const after = submission("after");
    await anon.from("contact_submissions").insert(after);
    const control = await listening(member, { event: "INSERT", table: "contact_submissions" });
    const last = submission("last");
    await anon.from("contact_submissions").insert(last);
    await control.heard.next((item) => newRow(item).email === last.email);
    await roundTrip(heard.channel);
    expect(heard.heard.items.map((item) => newRow(item).email)).toEqual([first.email]);
    await leaving.removeAllChannels();
  });

  it("applies a refreshed token at once: the same socket hears what the new claims may read", async () => {
    const secret = new TextEncoder().encode(target.jwtSecret);
    const { data } = await member.auth.getUser();
    const token = (aal: string) =>
      new SignJWT({ role: "authenticated", sub: data.user!.id, aal })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("10m")
        .sign(secret);
    const client = clientFor(target, target.anonKey);
    await client.realtime.setAuth(await token("aal1"));
    const heard = await listening(client, { event: "INSERT", table: "contact_submissions" });
    const unheard = submission("unheard");
    await anon.from("contact_submissions").insert(unheard);
    const control = await listening(member, { event: "INSERT", table: "contact_submissions" });
    const marker = submission("marker");
    await anon.from("contact_submissions").insert(marker);
    await control.heard.next((item) => newRow(item).email === marker.email);
    await roundTrip(heard.channel);
    expect(heard.heard.items).toEqual([]);

    await client.realtime.setAuth(await token("aal2"));
    await roundTrip(heard.channel);
    const heardNow = submission("heard");
    await anon.from("contact_submissions").insert(heardNow);
    await heard.heard.next((item) => newRow(item).email === heardNow.email);
    await client.removeAllChannels();
  });

  it("answers a table outside the publication and a filter on no column with realtime's errors", async () => {
    const unpublished = member
      .channel("unpublished")
      .on("postgres_changes", { event: "*", schema: "public", table: "mail_outbox" }, () => {});
    const heardSystem = new Heard<{ status: string; message: string; extension: string }>();
    unpublished.on("system", {}, heardSystem.push);
    channels.push(unpublished);
    await subscribed(unpublished);
    const refusal = await heardSystem.next();
    expect(refusal).toMatchObject({ extension: "postgres_changes", status: "error" });
    expect(refusal.message).toMatch(
      /^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled for the given connect parameters: \[event: \*, schema: public, table: mail_outbox/u,
    );

    const badColumn = member
      .channel("bad-column")
      .on(
        "postgres_changes",
        { event: "*", schema: "public", table: "contact_submissions", filter: "nope=eq.1" },
        () => {},
      );
    const heardBad = new Heard<{ status: string; message: string }>();
    badColumn.on("system", {}, heardBad.push);
    channels.push(badColumn);
    await subscribed(badColumn);
    expect((await heardBad.next()).message).toMatch(/invalid column for filter nope$/u);

    const published = member
      .channel("published")
      .on(
        "postgres_changes",
        { event: "*", schema: "public", table: "contact_submissions" },
        () => {},
      );
    const heardOk = new Heard<{ status: string; message: string }>();
    published.on("system", {}, heardOk.push);
    channels.push(published);
    await subscribed(published);
    expect(await heardOk.next()).toMatchObject({
      status: "ok",
      message: "Subscribed to PostgreSQL",
    });
  });

  it("refuses a join with a forged or expired token, with realtime's reasons", async () => {
    const forged = clientFor(target, target.anonKey);
    await forged.realtime.setAuth(
      // A token signed with another secret.
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwiZXhwIjo0MTAyNDQ0ODAwfQ.kR3vzIYJ3yWnIl0LZjvVIUkCNDg5d0wGUu3jfD4tW2c",
    );
    const seen = subscribeRecording(forged.channel("forged"));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(seen[0]?.status).toBe("CHANNEL_ERROR");
    expect(seen[0]?.error?.message).toBe("JwtSignatureError: Failed to validate JWT signature");
    await forged.removeAllChannels();
  });
});
