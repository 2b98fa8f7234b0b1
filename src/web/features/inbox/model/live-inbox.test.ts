import { teamNames } from "../../../components/team/team-names.ts";
import { describe, expect, it } from "vitest";
import { ar } from "../content/ar.ts";
import { en } from "../content/en.ts";
import {
  announcementWords,
  countedTitle,
  initialLiveInbox,
  liveInboxReducer,
  othersLine,
  readInboxEvent,
  staleAfter,
  withLiveRows,
  type InboxEvent,
  type LiveAction,
  type LiveInbox,
} from "./live-inbox.ts";
import type { Submission } from "./submission.ts";

const submission = (id: number, extra: Partial<Submission> = {}): Submission => ({
  id,
  created_at: "2026-01-31T15:00:00+00:00",
  name: `Sender ${id}`,
  email: `${id}@example.com`,
  phone: null,
  message: "Hello",
  form_source: "Contact Page",
  status: "new",
  note: "",
  updated_at: null,
  seen: false,
  language: "ar",
  ...extra,
});

const me = "member-1";

function run(actions: LiveAction[], from: LiveInbox = initialLiveInbox): LiveInbox {
  return actions.reduce(liveInboxReducer, from);
}

const event = (happened: InboxEvent): LiveAction => ({ type: "event", event: happened, me });

const change = (by: string, field: "status" | "note", value: string | null, submissionId = 7) =>
  event({
    kind: "changed",
    change: {
      submission_id: submissionId,
      changed_by: by,
      changed_by_email: `${by === me ? "me" : "layla"}@example.com`,
      field,
      new_value: value,
    },
  });

describe("readInboxEvent", () => {
  it("reads the payloads supabase-js hands over", () => {
    const row = { ...submission(3), search_text: "sender 3" };
    expect(
      readInboxEvent({ table: "contact_submissions", eventType: "INSERT", new: row, old: {} }),
    ).toEqual({ kind: "arrived", submission: row });
    expect(
      readInboxEvent({ table: "contact_submissions", eventType: "UPDATE", new: row, old: {} }),
    ).toEqual({ kind: "updated", submission: row });
    // A deletion carries its primary key alone; a bigint may come as a string.
    expect(
      readInboxEvent({
        table: "contact_submissions",
        eventType: "DELETE",
        new: {},
        old: { id: "3" },
      }),
    ).toEqual({ kind: "removed", id: 3 });
    expect(
      readInboxEvent({
        table: "contact_submission_changes",
        eventType: "INSERT",
        new: {
          id: 9,
          submission_id: 3,
          changed_at: "2026-02-01T09:00:00+00:00",
          changed_by: "member-2",
          changed_by_email: "layla@example.com",
          field: "status",
          old_value: "new",
          new_value: "done",
        },
        old: {},
      }),
    ).toEqual({
      kind: "changed",
      change: {
        submission_id: 3,
        changed_by: "member-2",
        changed_by_email: "layla@example.com",
        field: "status",
        new_value: "done",
      },
    });
    expect(
      readInboxEvent({
        table: "contact_submission_deletions",
        eventType: "INSERT",
        new: {
          id: 1,
          submission_id: 3,
          deleted_by: null,
          deleted_by_email: null,
          reason: "retention",
        },
        old: {},
      }),
    ).toEqual({
      kind: "deleted",
      deletion: { submission_id: 3, deleted_by: null, deleted_by_email: null },
    });
    // A saved reply added, edited or deleted (a deletion carries its key alone).
    for (const eventType of ["INSERT", "UPDATE", "DELETE"] as const) {
      expect(
        readInboxEvent({ table: "saved_replies", eventType, new: {}, old: { id: 4 } }),
      ).toEqual({ kind: "saved-replies" });
    }
  });

  it("passes over what it cannot read", () => {
    expect(
      readInboxEvent({ table: "contact_submissions", eventType: "DELETE", new: {}, old: {} }),
    ).toBeUndefined();
    expect(
      readInboxEvent({
        table: "contact_submissions",
        eventType: "INSERT",
        new: { id: 4, status: "archived" },
        old: {},
      }),
    ).toBeUndefined();
    expect(
      readInboxEvent({
        table: "contact_submission_changes",
        eventType: "INSERT",
        new: { submission_id: 3, field: "seen" },
        old: {},
      }),
    ).toBeUndefined();
    expect(
      readInboxEvent({
        table: "site_content_drafts",
        eventType: "INSERT",
        new: { id: 1 },
        old: {},
      }),
    ).toBeUndefined();
  });
});

describe("liveInboxReducer", () => {
  it("counts arrivals until the member looks, spam aside, and says several as a number", () => {
    const arrived = run([
      event({ kind: "arrived", submission: submission(1) }),
      event({ kind: "arrived", submission: submission(2, { status: "spam" }) }),
      event({ kind: "arrived", submission: submission(3) }),
    ]);
    expect(arrived.unseen).toBe(2);
    expect(arrived.announcement).toEqual({
      kind: "arrived",
      count: 2,
      name: "Sender 3",
      serial: 2,
    });

    const looked = run([{ type: "looked" }], arrived);
    expect(looked.unseen).toBe(0);
    const next = run([event({ kind: "arrived", submission: submission(4) })], looked);
    expect(next.announcement).toEqual({ kind: "arrived", count: 1, name: "Sender 4", serial: 3 });
  });

  it("gathers others' work on the open submission, not the member's own nor another's", () => {
    const state = run([
      { type: "open", id: 7 },
      change(me, "note", "mine"),
      change("member-2", "status", "done", 8),
      change("member-2", "status", "done"),
      change("member-2", "note", "She called"),
    ]);
    expect(state.others).toEqual({ by: "layla@example.com", status: "done", note: true });
    expect(state.announcement?.serial).toBe(2);
    // Another submission opened: what was done to the last one is not this one's.
    expect(run([{ type: "open", id: 8 }], state).others).toBeUndefined();
    // Read again after a lost connection: the history tells what was done meanwhile.
    const reread = run([{ type: "read", list: true, open: true, everything: true }], state);
    expect(reread.others).toBeUndefined();
  });

  it("tells the visitor's answer by mail apart from a member's work", () => {
    const state = run([
      { type: "open", id: 7 },
      event({
        kind: "changed",
        change: {
          submission_id: 7,
          changed_by: null,
          changed_by_email: "visitor@example.com",
          field: "status",
          new_value: "new",
        },
      }),
    ]);
    expect(state.others).toEqual({ by: null, answered: true, status: "new" });
    expect(othersLine(state.others!, en.live, en.statuses)).toBe(
      "The sender answered by mail: this is “New” again",
    );
    expect(othersLine(state.others!, ar.live, ar.statuses)).toBe(
      "أجاب المرسل بالبريد، فعادت هذه الرسالة «جديدة»",
    );
  });

  it("marks the open submission gone, and by whom once the database says", () => {
    const removed = run([
      { type: "open", id: 7 },
      event({ kind: "removed", id: 8 }),
      event({ kind: "removed", id: 7 }),
    ]);
    expect(removed.removal).toEqual({ by: undefined, mine: false });
    expect(removed.edits).toEqual({ 7: null, 8: null });

    const byOther = run(
      [
        event({
          kind: "deleted",
          deletion: {
            submission_id: 7,
            deleted_by: "member-2",
            deleted_by_email: "sam@example.com",
          },
        }),
      ],
      removed,
    );
    expect(byOther.removal).toEqual({ by: "sam@example.com", mine: false });
    expect(byOther.announcement).toMatchObject({
      kind: "others",
      work: { by: "sam@example.com", deleted: true },
    });

    const byMe = run(
      [
        event({
          kind: "deleted",
          deletion: { submission_id: 7, deleted_by: me, deleted_by_email: "me@example.com" },
        }),
      ],
      removed,
    );
    expect(byMe.removal).toEqual({ by: "me@example.com", mine: true });
    expect(byMe.announcement).toBeUndefined();
  });

  it("keeps changed rows until the list is read again", () => {
    const changed = submission(2, { status: "done" });
    const state = run([
      event({ kind: "updated", submission: changed }),
      event({ kind: "removed", id: 3 }),
    ]);
    expect(withLiveRows([submission(1), submission(2), submission(3)], state.edits)).toEqual([
      submission(1),
      changed,
    ]);
    const read = run([{ type: "read", list: true, open: false }], state);
    expect(read.edits).toEqual({});
    expect([read.listReads, read.openReads]).toEqual([1, 0]);
  });

  it("is down only once it was live, and unavailable when it never was", () => {
    const channel = (
      status: "SUBSCRIBED" | "CHANNEL_ERROR" | "TIMED_OUT" | "CLOSED",
    ): LiveAction => ({
      type: "channel",
      status,
    });
    expect(run([channel("CHANNEL_ERROR"), channel("TIMED_OUT")]).connection).toBe("connecting");
    expect(run([channel("CHANNEL_ERROR"), { type: "unavailable" }]).connection).toBe("unavailable");
    expect(run([channel("SUBSCRIBED"), channel("CHANNEL_ERROR")]).connection).toBe("down");
    expect(run([channel("SUBSCRIBED"), channel("CLOSED"), channel("SUBSCRIBED")]).connection).toBe(
      "live",
    );
    expect(run([channel("SUBSCRIBED"), { type: "unavailable" }]).connection).toBe("live");
    // The browser's word that the network is gone is taken at once, once there was a connection.
    expect(run([channel("SUBSCRIBED"), { type: "offline" }]).connection).toBe("down");
    expect(run([{ type: "offline" }]).connection).toBe("connecting");
  });

  it("announces what arrived while away as arrivals heard live are, spam aside", () => {
    const away = run([
      { type: "channel", status: "SUBSCRIBED" },
      { type: "offline" },
      {
        type: "arrivals",
        submissions: [submission(3), submission(4, { status: "spam" }), submission(5)],
      },
    ]);
    expect(away.unseen).toBe(2);
    expect(away.announcement).toMatchObject({ kind: "arrived", count: 2 });
    const one = run([{ type: "arrivals", submissions: [submission(6)] }]);
    expect(one.announcement).toMatchObject({ kind: "arrived", count: 1, name: "Sender 6" });
    expect(run([{ type: "arrivals", submissions: [] }])).toBe(initialLiveInbox);
  });
});

describe("staleAfter", () => {
  it("reads the list again for rows, and a submission whose history grew", () => {
    expect(staleAfter({ kind: "arrived", submission: submission(1) })).toEqual({
      list: true,
      submission: undefined,
    });
    expect(staleAfter({ kind: "updated", submission: submission(1, { seen: true }) })).toEqual({
      list: true,
      submission: undefined,
    });
    expect(staleAfter({ kind: "removed", id: 2 })).toEqual({ list: true, submission: undefined });
    expect(
      staleAfter({
        kind: "changed",
        change: {
          submission_id: 3,
          changed_by: null,
          changed_by_email: null,
          field: "note",
          new_value: null,
        },
      }),
    ).toEqual({ list: false, submission: 3 });
    expect(staleAfter({ kind: "saved-replies" })).toEqual({ list: false, submission: undefined });
  });
});

describe("words", () => {
  it("says who did what, in both languages", () => {
    const layla = "\u2068layla@example.com\u2069";
    expect(othersLine({ by: "layla@example.com", status: "done" }, en.live, en.statuses)).toBe(
      `${layla} marked this “Done”`,
    );
    expect(othersLine({ by: "layla@example.com", note: true }, en.live, en.statuses)).toBe(
      `${layla} changed the note`,
    );
    expect(
      othersLine(
        { by: "layla@example.com", status: "in_progress", note: true },
        ar.live,
        ar.statuses,
      ),
    ).toBe(`عُلّمت هذه الرسالة «قيد المتابعة» وعُدّلت ملاحظتها من قِبل ${layla}`);
    expect(othersLine({ by: null, status: "done" }, en.live, en.statuses)).toBe(
      "Another team member marked this “Done”",
    );
    expect(othersLine({ by: "sam@example.com", deleted: true }, ar.live, ar.statuses)).toBe(
      "حُذفت هذه الرسالة من قِبل \u2068sam@example.com\u2069",
    );
    expect(othersLine({ by: null, deleted: true }, en.live, en.statuses)).toBe(
      "This submission was deleted.",
    );
  });

  it("names a member as the team does: their name, with the address where names clash", () => {
    const nameOf = teamNames([
      { id: "1", email: "layla@example.com", name: "ليلى" },
      { id: "2", email: "layla.h@example.com", name: "ليلى" },
      { id: "3", email: "omar@example.com", name: "Omar" },
    ]);
    expect(
      othersLine({ by: "omar@example.com", status: "done" }, en.live, en.statuses, nameOf),
    ).toBe("\u2068Omar\u2069 marked this “Done”");
    expect(othersLine({ by: "layla@example.com", note: true }, en.live, en.statuses, nameOf)).toBe(
      "\u2068ليلى (layla@example.com)\u2069 changed the note",
    );
  });

  it("says arrivals with the language's plural", () => {
    const said = (count: number, language: "ar" | "en") =>
      announcementWords(
        { kind: "arrived", count, name: "سارة", serial: 1 },
        language,
        (language === "ar" ? ar : en).live,
        (language === "ar" ? ar : en).statuses,
      );
    expect(said(1, "ar")).toBe("وصلت رسالة جديدة من \u2068سارة\u2069");
    expect(said(2, "ar")).toBe("وصلت رسالتان جديدتان");
    expect(said(3, "ar")).toBe("وصلت ٣ رسائل جديدة");
    expect(said(11, "ar")).toBe("وصلت ١١ رسالة جديدة");
    expect(said(3, "en")).toBe("3 new submissions");
  });

  it("counts unseen arrivals in the title, in the language's numerals", () => {
    expect(countedTitle("صندوق الوارد", 0, "ar")).toBe("صندوق الوارد");
    expect(countedTitle("صندوق الوارد", 2, "ar")).toBe("(٢) صندوق الوارد");
    expect(countedTitle("Inbox", 12, "en")).toBe("(12) Inbox");
  });
});
