import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInboxEvent, type InboxEvent } from "../../src/web/features/inbox/model/live-inbox.ts";
import {
  clientFor,
  contractTarget,
  uniqueEmail,
  type ContractTarget,
} from "../support/contract-target.ts";
import { Heard, subscribed } from "../support/realtime.ts";
import { signedInMember } from "../support/team-member.ts";

// What the team's inbox hears while it is open (src/web/features/inbox/api/subscribe-to-inbox.ts),
// as supabase-js delivers it and the inbox reads it: the shapes it relies on.
type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

let target: ContractTarget;
let anon: SupabaseClient;
let reader: SupabaseClient;
let other: SupabaseClient;
let otherId: string;
let otherEmail: string;
let channel: RealtimeChannel;
const heard = new Heard<InboxEvent>();

beforeAll(async () => {
  target = await contractTarget({ realtime: {} });
  const service = clientFor(target, target.serviceRoleKey);
  anon = clientFor(target, target.anonKey);
  reader = await signedInMember(target, service, "aal2");
  other = await signedInMember(target, service, "aal2");
  const { data } = await other.auth.getUser();
  otherId = data.user!.id;
  otherEmail = data.user!.email!;
  const hear = (payload: Change) => {
    const event = readInboxEvent(payload);
    if (event) heard.push(event);
  };
  channel = reader
    .channel("inbox-contract")
    .on("postgres_changes", { event: "*", schema: "public", table: "contact_submissions" }, hear)
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "contact_submission_changes" },
      hear,
    )
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "contact_submission_deletions" },
      hear,
    );
  await subscribed(channel);
});
afterAll(async () => {
  await reader?.removeAllChannels();
  await target.close();
});

describe("the inbox's channel", () => {
  it("hears an arrival, another member's triage with who did it, and a deletion", async () => {
    const email = uniqueEmail("inbox-live");
    const inserted = await anon.from("contact_submissions").insert({
      name: "سارة",
      email,
      message: "أريد الانضمام",
      form_source: "Contact Page",
    });
    expect(inserted.error).toBeNull();
    const arrived = await heard.next(
      (event) => event.kind === "arrived" && event.submission.email === email,
    );
    if (arrived.kind !== "arrived") throw new Error("not an arrival");
    const { id } = arrived.submission;
    expect(arrived.submission).toMatchObject({
      name: "سارة",
      status: "new",
      note: "",
      seen: false,
    });
    expect(typeof id).toBe("number");

    const triaged = await other
      .from("contact_submissions")
      .update({ status: "done", note: "Called back" })
      .eq("id", id);
    expect(triaged.error).toBeNull();
    const updated = await heard.next(
      (event) => event.kind === "updated" && event.submission.id === id,
    );
    expect(updated).toMatchObject({ submission: { id, status: "done", note: "Called back" } });
    for (const [field, value] of [
      ["status", "done"],
      ["note", "Called back"],
    ] as const) {
      const changed = await heard.next(
        (event) => event.kind === "changed" && event.change.field === field,
      );
      expect(changed).toEqual({
        kind: "changed",
        change: {
          submission_id: id,
          changed_by: otherId,
          changed_by_email: otherEmail,
          field,
          new_value: value,
        },
      });
    }

    expect((await other.from("contact_submissions").delete().eq("id", id)).error).toBeNull();
    expect(await heard.next((event) => event.kind === "removed")).toEqual({ kind: "removed", id });
    expect(await heard.next((event) => event.kind === "deleted")).toEqual({
      kind: "deleted",
      deletion: { submission_id: id, deleted_by: otherId, deleted_by_email: otherEmail },
    });
  });
});
