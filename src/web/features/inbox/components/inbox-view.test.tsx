import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubRealtime } from "../../../../../tests/support/fake-realtime.ts";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { requestUrl } from "../../../../../tests/support/fetch-call.ts";
import type { Language } from "../../../../shared/language.ts";
import { AuthProvider } from "../../../auth/auth-provider.tsx";
import { sessionStorageKey } from "../../../lib/supabase-client.ts";
import { Toaster } from "../../../toast/toaster.tsx";
import { InboxPage } from "./inbox-page.tsx";

// The edges: supabase-js runs for real, its requests meet this stub and its realtime socket a
// far end that answers as Supabase Realtime does.
const network = stubSupabaseNetwork();
const realtime = stubRealtime();

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");

const me = "member-1";

/** A member signed in with both factors, as supabase-js keeps the session. */
function storeSession() {
  const now = Math.floor(Date.now() / 1000);
  const user = {
    id: me,
    aud: "authenticated",
    role: "authenticated",
    email: "member@example.com",
    app_metadata: { team: true },
    factors: [{ id: "factor-1", factor_type: "totp", status: "verified", friendly_name: "" }],
  };
  const claims = {
    sub: me,
    email: user.email,
    role: "authenticated",
    aal: "aal2",
    amr: [
      { method: "password", timestamp: now },
      { method: "totp", timestamp: now },
    ],
    exp: now + 3600,
  };
  const session = {
    access_token: `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: "refresh",
    user,
  };
  window.localStorage.setItem(sessionStorageKey(), JSON.stringify(session));
}

const row = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  created_at: `2026-01-31T15:0${id}:00+00:00`,
  name,
  email: `${id}@example.com`,
  phone: null,
  message: "Please call me",
  form_source: "Contact Page",
  status: "new",
  note: "",
  updated_at: null,
  seen: true,
  language: "en",
  ...extra,
});

type Row = ReturnType<typeof row>;

/** The database as the network stub answers it: what the list, one submission and its history read. */
function serve(database: {
  rows: Row[];
  changes?: unknown[];
  mailOn?: boolean;
  confirmation?: { status: string; last_error: string | null };
  thread?: unknown[];
  savedReplies?: unknown[];
}) {
  network.mockImplementation((input) => {
    const url = new URL(requestUrl(input));
    if (url.pathname === "/rest/v1/rpc/mail_is_on") {
      return Promise.resolve(Response.json(database.mailOn ?? true));
    }
    if (url.pathname === "/rest/v1/mail_outbox") {
      if (url.searchParams.get("kind") === "eq.registration") {
        return Promise.resolve(Response.json(database.confirmation ? [database.confirmation] : []));
      }
      return Promise.resolve(Response.json([], { headers: { "content-range": "*/0" } }));
    }
    if (url.pathname === "/rest/v1/contact_submission_changes") {
      return Promise.resolve(Response.json(database.changes ?? []));
    }
    if (url.pathname === "/rest/v1/submission_messages") {
      return Promise.resolve(Response.json(database.thread ?? []));
    }
    if (url.pathname === "/rest/v1/saved_replies") {
      return Promise.resolve(Response.json(database.savedReplies ?? []));
    }
    if (url.pathname === "/rest/v1/contact_submissions") {
      const id = url.searchParams.get("id");
      const after = id?.startsWith("gt.") ? Number(id.slice(3)) : undefined;
      // in.(1,2): which of the drafted submissions are still there.
      const among = id?.startsWith("in.(") ? id.slice(4, -1).split(",") : undefined;
      const one = after === undefined && !among ? id?.replace("eq.", "") : undefined;
      const matching =
        after !== undefined
          ? database.rows.filter((each) => each.id > after).reverse()
          : among
            ? database.rows.filter((each) => among.includes(String(each.id)))
            : one
              ? database.rows.filter((each) => String(each.id) === one)
              : database.rows;
      const limit = url.searchParams.get("limit");
      const rows = limit === null ? matching : matching.slice(0, Number(limit));
      const range = rows.length === 0 ? "*/0" : `0-${rows.length - 1}/${rows.length}`;
      return Promise.resolve(Response.json(rows, { headers: { "content-range": range } }));
    }
    return Promise.resolve(new Response("unexpected", { status: 500 }));
  });
}

/** The inbox at `query`, as a member opens it; `closing` gets how to close it (leaving the page). */
function renderInbox(language: Language, query = "", closing?: (close: () => void) => void) {
  const { unmount } = renderWeb(
    <AuthProvider>
      <InboxPage />
      <Toaster />
    </AuthProvider>,
    { language, path: `${language === "en" ? "/en/inbox" : "/inbox"}${query}` },
  );
  closing?.(unmount);
  return userEvent.setup();
}

/** How many times the list of submissions (not one of them, nor a count) was read. */
const listReadings = () =>
  network.mock.calls.filter(([input]) => {
    const url = new URL(requestUrl(input));
    return (
      url.pathname === "/rest/v1/contact_submissions" &&
      url.searchParams.get("select")?.startsWith("id,created_at") === true &&
      !url.searchParams.has("id")
    );
  }).length;

/** How many times the newest submission's id was read. */
const newestReadings = () =>
  network.mock.calls.filter(([input]) => {
    const url = new URL(requestUrl(input));
    return url.searchParams.get("select") === "id" && url.searchParams.get("order") === "id.desc";
  }).length;

/** The polite region that says what changed. */
const politeRegion = () => {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error("no polite region");
  return region;
};

/** Where the page shows `words`, the polite region aside. */
async function findShown(words: string) {
  await waitFor(() => expect(screen.getAllByText(words)).toHaveLength(2));
  const shown = screen.getAllByText(words).find((each) => !politeRegion().contains(each));
  if (!shown) throw new Error(`${words} is only said`);
  return shown;
}

async function untilListening() {
  await waitFor(() => expect(realtime.listening("contact_submission_deletions")).toBe(true));
}

describe("the inbox, live", () => {
  it("puts a new submission at the top, says so politely in Arabic and counts it in the title until the member looks", async () => {
    storeSession();
    const database = { rows: [row(2, "ريم"), row(1, "Layla")] };
    serve(database);
    renderInbox("ar");
    expect(await screen.findByText("رسالتان")).toBeVisible();
    await untilListening();
    const before = listReadings();

    database.rows = [row(3, "سارة"), ...database.rows];
    realtime.insert("contact_submissions", row(3, "سارة"));

    // The first list is the inbox's tabs; the second, the submissions.
    await waitFor(
      () =>
        expect(
          within(screen.getAllByRole("list")[1]!).getAllByRole("listitem")[0],
        ).toHaveTextContent("سارة"),
      { timeout: 2000 },
    );
    expect(screen.getByText("٣ رسائل")).toBeVisible();
    expect(politeRegion()).toHaveTextContent("وصلت رسالة جديدة من \u2068سارة\u2069");
    await waitFor(() => expect(document.title).toBe("(١) صندوق الوارد | كلمة"));
    expect(listReadings()).toBe(before + 1);

    fireEvent.keyDown(window, { key: "Tab" });
    await waitFor(() => expect(document.title).toBe("صندوق الوارد | كلمة"));
  });

  it("reads a burst of arrivals once, and says how many came", async () => {
    storeSession();
    const database = { rows: [row(1, "Layla")] };
    serve(database);
    renderInbox("en");
    expect(await screen.findByText("1 submission")).toBeVisible();
    await untilListening();
    const before = listReadings();

    database.rows = [row(4, "Dana"), row(3, "Sam"), row(2, "Omar"), ...database.rows];
    for (const arrived of database.rows.slice(0, 3).reverse()) {
      realtime.insert("contact_submissions", arrived);
    }

    expect(await screen.findByText("4 submissions")).toBeVisible();
    expect(politeRegion()).toHaveTextContent("3 new submissions");
    expect(document.title).toBe("(3) Inbox | Kalima");
    expect(listReadings()).toBe(before + 1);
  });

  it("passes over spam, unannounced", async () => {
    storeSession();
    serve({ rows: [row(1, "Layla")] });
    renderInbox("en");
    expect(await screen.findByText("1 submission")).toBeVisible();
    await untilListening();

    realtime.insert("contact_submissions", row(5, "Buy now", { status: "spam" }));
    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(politeRegion()).toHaveTextContent("");
    expect(document.title).toBe("Inbox | Kalima");
  });

  it("shows another member's status and note in the open submission, keeping the note being typed", async () => {
    storeSession();
    const database = { rows: [row(7, "Omar")], changes: [] as unknown[] };
    serve(database);
    const user = renderInbox("en", "?open=7");
    const note = await screen.findByLabelText("Internal note");
    await untilListening();
    await user.type(note, "my own words");

    const changed = {
      status: "done",
      note: "She was called back",
      updated_at: "2026-02-01T09:00:00+00:00",
    };
    database.rows = [row(7, "Omar", changed)];
    database.changes = [
      {
        id: 2,
        changed_at: changed.updated_at,
        changed_by_email: "layla@example.com",
        field: "note",
        old_value: "",
        new_value: changed.note,
      },
      {
        id: 1,
        changed_at: changed.updated_at,
        changed_by_email: "layla@example.com",
        field: "status",
        old_value: "new",
        new_value: "done",
      },
    ];
    realtime.update("contact_submissions", row(7, "Omar", changed));
    for (const [field, value] of [
      ["status", "done"],
      ["note", changed.note],
    ]) {
      realtime.insert("contact_submission_changes", {
        id: field === "status" ? 1 : 2,
        submission_id: 7,
        changed_at: changed.updated_at,
        changed_by: "member-2",
        changed_by_email: "layla@example.com",
        field,
        old_value: "",
        new_value: value,
      });
    }

    const line = "\u2068layla@example.com\u2069 marked this “Done” and changed the note";
    expect(await findShown(line)).toBeVisible();
    expect(politeRegion()).toHaveTextContent(line);
    await waitFor(() => expect(screen.getByRole("radio", { name: "Done" })).toBeChecked());
    expect(await screen.findByText("She was called back")).toBeVisible();
    expect(note).toHaveValue("my own words");
  });

  it("takes in a new note where the member typed nothing, and says nothing of their own changes", async () => {
    storeSession();
    const database = { rows: [row(7, "Omar")] };
    serve(database);
    renderInbox("en", "?open=7");
    const note = await screen.findByLabelText("Internal note");
    await untilListening();

    database.rows = [row(7, "Omar", { note: "Called on Sunday" })];
    realtime.insert("contact_submission_changes", {
      id: 3,
      submission_id: 7,
      changed_by: me,
      changed_by_email: "member@example.com",
      field: "note",
      old_value: "",
      new_value: "Called on Sunday",
    });

    await waitFor(() => expect(note).toHaveValue("Called on Sunday"));
    expect(screen.queryByText(/changed the note/u)).toBeNull();
    expect(politeRegion()).toHaveTextContent("");
  });

  it("says who deleted the open submission, in Arabic", async () => {
    storeSession();
    const database = { rows: [row(7, "عمر")] };
    serve(database);
    renderInbox("ar", "?open=7");
    await screen.findByLabelText("ملاحظة داخلية");
    await untilListening();

    database.rows = [];
    realtime.delete("contact_submissions", 7);
    realtime.insert("contact_submission_deletions", {
      id: 1,
      submission_id: 7,
      deleted_by: "member-2",
      deleted_by_email: "sam@example.com",
      reason: "deleted",
    });

    const said = "حُذفت هذه الرسالة من قِبل \u2068sam@example.com\u2069";
    expect(await findShown(said)).toBeVisible();
    expect(politeRegion()).toHaveTextContent(said);
    expect(screen.getByRole("link", { name: "العودة إلى القائمة" })).toBeVisible();
    expect(screen.queryByLabelText("ملاحظة داخلية")).toBeNull();
  });

  it("says quietly that it is offline, and reads everything again once the connection is back", async () => {
    storeSession();
    const database = { rows: [row(7, "Omar")] };
    serve(database);
    renderInbox("en", "?open=7");
    await screen.findByLabelText("Internal note");
    await untilListening();
    const offline = "Offline: changes will show when the connection is back.";
    expect(screen.queryByText(offline)).toBeNull();

    realtime.drop();
    expect(await screen.findByText(offline)).toBeVisible();
    expect(screen.getByText(offline).closest('[role="status"]')).not.toBeNull();

    // Missed while offline: another member marked it done.
    database.rows = [row(7, "Omar", { status: "done" })];
    const before = listReadings();
    realtime.restore();

    await waitFor(() => expect(screen.queryByText(offline)).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole("radio", { name: "Done" })).toBeChecked());
    await waitFor(() => expect(listReadings()).toBe(before + 1));
  });

  it("says at once that it is offline when the browser does, and announces once what arrived meanwhile", async () => {
    storeSession();
    const database = { rows: [row(2, "Sam"), row(1, "Layla")] };
    serve(database);
    renderInbox("en");
    expect(await screen.findByText("2 submissions")).toBeVisible();
    await untilListening();
    // The newest submission known when the connection was made: what comes after it is new.
    await waitFor(() => expect(newestReadings()).toBe(1));
    const offline = "Offline: changes will show when the connection is back.";

    window.dispatchEvent(new Event("offline"));
    expect(await screen.findByText(offline)).toBeVisible();

    database.rows = [row(4, "Huda"), row(3, "Omar"), ...database.rows];
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByText(offline)).toBeNull());
    await waitFor(() => expect(politeRegion()).toHaveTextContent("2 new submissions"));
    await waitFor(() => expect(document.title).toBe("(2) Inbox | Kalima"));
    expect(await screen.findByText("4 submissions")).toBeVisible();

    // Sent late by the connection, an arrival already announced is not counted again.
    realtime.insert("contact_submissions", row(4, "Huda"));
    database.rows = [row(5, "Rana"), ...database.rows];
    realtime.insert("contact_submissions", row(5, "Rana"));
    await waitFor(() => expect(document.title).toBe("(3) Inbox | Kalima"));
    expect(politeRegion()).toHaveTextContent("3 new submissions");
  });

  it("says a registration's confirmation will not be sent where mail is off", async () => {
    storeSession();
    const registration = row(4, "Huda", { form_source: "Mutakallim Registration" });
    const database = {
      rows: [registration],
      mailOn: false,
      confirmation: { status: "pending", last_error: null },
    };
    serve(database);
    renderInbox("en", "?open=4");
    expect(await screen.findByText("Will not be sent: mail is off on this site.")).toBeVisible();
    expect(screen.queryByText("Waiting to be sent")).toBeNull();
  });

  it("says a confirmation waits to be sent where mail is on", async () => {
    storeSession();
    serve({
      rows: [row(4, "هدى", { form_source: "Mutakallim Registration" })],
      confirmation: { status: "pending", last_error: null },
    });
    renderInbox("ar", "?open=4");
    expect(await screen.findByText("بانتظار الإرسال")).toBeVisible();
  });

  it("says in Arabic that mail is off and the confirmation will not be sent", async () => {
    storeSession();
    serve({
      rows: [row(4, "هدى", { form_source: "Mutakallim Registration" })],
      mailOn: false,
      confirmation: { status: "pending", last_error: null },
    });
    renderInbox("ar", "?open=4");
    expect(await screen.findByText("لن يُرسل: البريد متوقف في هذا الموقع.")).toBeVisible();
  });

  it("works as without realtime where no realtime answers", async () => {
    realtime.refuse();
    storeSession();
    serve({ rows: [row(2, "Sam"), row(1, "Layla")] });
    renderInbox("en");
    expect(await screen.findByText("2 submissions")).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByText(/Offline/u)).toBeNull();
    expect(within(screen.getAllByRole("list")[1]!).getAllByRole("listitem")).toHaveLength(2);
  });
});

describe("replies from the inbox", () => {
  /** The thread as the database keeps it, and the calls to send_reply the page made. */
  function serveReplies(database: Parameters<typeof serve>[0], answer?: () => Response) {
    serve(database);
    const rest = network.getMockImplementation();
    const sent: unknown[] = [];
    network.mockImplementation(async (input, init) => {
      const url = new URL(requestUrl(input));
      if (url.pathname === "/rest/v1/rpc/send_reply") {
        const body: unknown = JSON.parse(typeof init?.body === "string" ? init.body : "null");
        sent.push(body);
        if (answer) return answer();
        const reply = {
          id: sent.length,
          direction: "out",
          author_email: "member@example.com",
          author_name: "Omar",
          body: (body as { body: string }).body,
          created_at: "2026-02-01T09:00:00+00:00",
          delivery: "pending",
          delivery_error: null,
        };
        database.thread = [...(database.thread ?? []), reply];
        return Response.json(reply);
      }
      return rest!(input, init);
    });
    return sent;
  }

  it("writes a reply in the visitor's language, sends it with no address, and shows it with its delivery", async () => {
    storeSession();
    const database = { rows: [row(4, "هدى", { language: "ar" })], thread: [] as unknown[] };
    const sent = serveReplies(database);
    const user = renderInbox("en", "?open=4");
    const reply = await screen.findByLabelText("Your reply");
    expect(screen.getByText("No reply yet.")).toBeVisible();
    expect(reply).toHaveAttribute("dir", "rtl");
    expect(reply).toHaveAttribute("lang", "ar");
    // Where a reply is written here, the mail app's link gives way to it.
    expect(screen.queryByRole("link", { name: "Reply by email" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Send reply" }));
    expect(screen.getByText("Write the reply first.")).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(reply, "أهلًا هدى");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(sent).toEqual([{ submission_id: 4, body: "أهلًا هدى" }]));
    expect(await screen.findByText("Reply from Omar")).toBeVisible();
    expect(screen.getByText("Waiting to be sent")).toBeVisible();
    expect(reply).toHaveValue("");
  });

  it("shows why a reply is not sent yet, and says so when the hour's replies are spent", async () => {
    storeSession();
    const database = {
      rows: [row(4, "Sam")],
      thread: [
        {
          id: 1,
          direction: "out",
          author_email: "layla@example.com",
          author_name: null,
          body: "We will call you.",
          created_at: "2026-02-01T09:00:00+00:00",
          delivery: "retrying",
          delivery_error: "421 4.3.2 Service not available",
        },
        {
          id: 2,
          direction: "in",
          author_email: null,
          author_name: null,
          body: "Thank you!",
          created_at: "2026-02-01T10:00:00+00:00",
          delivery: null,
          delivery_error: null,
        },
      ],
    };
    serveReplies(database, () =>
      Response.json(
        { code: "PT429", message: "Too many replies from this member", details: null, hint: null },
        { status: 429 },
      ),
    );
    const user = renderInbox("en", "?open=4");
    expect(await screen.findByText("Reply from layla@example.com")).toBeVisible();
    expect(
      screen.getByText("Not sent yet, trying again. The mail server said:", { exact: false }),
    ).toHaveTextContent("421 4.3.2 Service not available");
    expect(screen.getByText("The sender's answer")).toBeVisible();
    expect(screen.getByText("Thank you!")).toBeVisible();

    await user.type(screen.getByLabelText("Your reply"), "One more");
    await user.click(screen.getByRole("button", { name: "Send reply" }));
    expect(
      await screen.findByText("You have sent as many replies as an hour allows. Try again later."),
    ).toBeVisible();
    expect(screen.getByLabelText("Your reply")).toHaveValue("One more");
  });

  it("shows an answer with its quote folded and its attachments listed, and marks an automatic reply", async () => {
    storeSession();
    const answer = {
      author_email: null,
      author_name: null,
      delivery: null,
      delivery_error: null,
      from_address: "sam@example.com",
    };
    const database = {
      rows: [row(4, "Sam")],
      thread: [
        {
          ...answer,
          id: 1,
          direction: "in",
          kind: "answer",
          body: "See you there.",
          quoted: "On Monday, Kalima wrote:\n> The program starts in March.",
          attachments: [{ name: "cv.pdf", type: "application/pdf", size: 245_760 }],
          created_at: "2026-02-01T10:00:00+00:00",
        },
        {
          ...answer,
          id: 2,
          direction: "in",
          kind: "auto",
          body: "I am away until Monday.",
          quoted: null,
          attachments: [],
          created_at: "2026-02-01T11:00:00+00:00",
        },
      ],
    };
    serveReplies(database);
    const user = renderInbox("en", "?open=4");
    expect(await screen.findByText("See you there.")).toBeVisible();
    expect(screen.getByText("The sender's answer")).toBeVisible();
    expect(screen.getAllByText("sam@example.com").length).toBeGreaterThan(0);
    const quote = screen.getByText(/The program starts in March/u);
    expect(quote).not.toBeVisible();
    await user.click(screen.getByText("Show the quoted mail"));
    expect(quote).toBeVisible();
    expect(screen.getByText("1 attachment, in the team's mailbox:")).toBeVisible();
    expect(screen.getByText("cv.pdf")).toBeVisible();
    expect(screen.getByText("240 kB")).toBeVisible();
    expect(screen.getByText("Automatic reply (out of office or similar)")).toBeVisible();
    expect(screen.getByText("I am away until Monday.")).toBeVisible();
  });

  it("keeps a reply typed and not sent for the member's return, and forgets it once sent", async () => {
    storeSession();
    const database = { rows: [row(4, "Sam")], thread: [] as unknown[] };
    const sent = serveReplies(database);
    let leave = () => {};
    const user = renderInbox("en", "?open=4", (close) => (leave = close));
    await user.type(await screen.findByLabelText("Your reply"), "Dear Sam,");
    leave();

    const back = renderInbox("en", "?open=4", (close) => (leave = close));
    const reply = await screen.findByLabelText("Your reply");
    expect(reply).toHaveValue("Dear Sam,");
    expect(screen.getByText(/Your unsent reply, kept in this browser since/u)).toBeVisible();
    await back.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(sent).toEqual([{ submission_id: 4, body: "Dear Sam," }]));
    expect(Object.keys(localStorage).filter((key) => key.startsWith("kalima-inbox-reply"))).toEqual(
      [],
    );
    leave();
    renderInbox("en", "?open=4");
    expect(await screen.findByLabelText("Your reply")).toHaveValue("");
  });

  it("previews the mail as the visitor will read it: the words, signed, their message quoted", async () => {
    storeSession();
    serveReplies({ rows: [row(4, "Sam")], thread: [] });
    const user = renderInbox("en", "?open=4");
    await user.type(await screen.findByLabelText("Your reply"), "Thank you, Sam.");
    await user.click(screen.getByText("Preview the mail"));
    expect(screen.getByText("To:")).toHaveTextContent("To: 4@example.com");
    const mail = screen.getByText(/^Thank you, Sam\./u, { selector: "p" });
    expect(mail.textContent).toMatch(
      /^Thank you, Sam\.\n\n-- \nThe Kalima team\n\nOn .+, Sam wrote:\n> Please call me\n$/u,
    );
  });

  const savedReply = (id: number, language: "ar" | "en", title: string, body: string) => ({
    id,
    language,
    title,
    body,
    updated_at: `2026-02-0${id}T09:00:00.123456+00:00`,
    updated_by: "member-2",
  });

  it("puts a saved reply where the cursor is, and sends it as the member edited it", async () => {
    storeSession();
    const database = {
      rows: [row(4, "هدى", { language: "ar" })],
      thread: [] as unknown[],
      savedReplies: [
        savedReply(1, "en", "Dates", "Mutakallim starts in March."),
        savedReply(2, "ar", "المواعيد", "يبدأ المتكلم في آذار."),
        savedReply(3, "ar", "التفاصيل", "ثلاثة أشهر، أيام السبت."),
      ],
    };
    const sent = serveReplies(database);
    const user = renderInbox("en", "?open=4");
    const reply = await screen.findByLabelText("Your reply");
    const picker = await screen.findByRole("combobox", { name: "Saved reply" });
    expect(picker).toHaveAccessibleDescription(
      "Put in your reply where the cursor is, to edit before sending.",
    );
    // The visitor's language first, each language's saved replies together, by title.
    expect(
      within(picker)
        .getAllByRole("group")
        .map((group) => group.getAttribute("label")),
    ).toEqual(["In Arabic", "In English"]);
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a saved reply", "التفاصيل", "المواعيد", "Dates"]);
    expect(screen.getByRole("link", { name: "Manage saved replies" })).toHaveAttribute(
      "href",
      "/en/inbox?view=replies",
    );

    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(screen.getByText("Choose a saved reply first.")).toBeVisible();
    expect(picker).toHaveFocus();
    expect(reply).toHaveValue("");

    await user.type(reply, "أهلًا هدى، شكرًا.");
    // The cursor after "أهلًا هدى، ": the saved reply goes there, between the member's words.
    reply.focus();
    (reply as HTMLTextAreaElement).setSelectionRange(11, 11);
    await user.selectOptions(picker, "المواعيد");
    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(reply).toHaveValue("أهلًا هدى، يبدأ المتكلم في آذار.شكرًا.");
    expect(reply).toHaveFocus();
    expect(screen.queryByText("Choose a saved reply first.")).toBeNull();
    expect(
      screen.getByText("“\u2068المواعيد\u2069” is in your reply: edit it before sending."),
    ).toHaveAttribute("role", "status");
    expect(picker).toHaveValue("");

    // The member goes on typing where the saved reply ends, and the draft keeps it all.
    await user.keyboard(" نلقاك هناك. ");
    const edited = "أهلًا هدى، يبدأ المتكلم في آذار. نلقاك هناك. شكرًا.";
    expect(reply).toHaveValue(edited);
    expect(JSON.parse(localStorage.getItem(`kalima-inbox-reply:${me}:4`) ?? "{}")).toMatchObject({
      note: edited,
    });

    await user.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect(sent).toEqual([{ submission_id: 4, body: edited }]));
  });

  it("fills an empty reply box with the saved reply", async () => {
    storeSession();
    const database = {
      rows: [row(4, "Sam")],
      thread: [] as unknown[],
      savedReplies: [savedReply(1, "en", "Dates", "Mutakallim starts in March.")],
    };
    serveReplies(database);
    const user = renderInbox("en", "?open=4");
    const reply = await screen.findByLabelText("Your reply");
    await user.selectOptions(await screen.findByLabelText("Saved reply"), "Dates");
    await user.click(screen.getByRole("button", { name: "Insert" }));
    expect(reply).toHaveValue("Mutakallim starts in March.");
    expect(reply).toHaveFocus();
    expect(
      screen.getByText("“\u2068Dates\u2069” is in your reply: edit it before sending."),
    ).toHaveAttribute("role", "status");
  });

  it("hears another member's change to a saved reply being edited, and says so before any save", async () => {
    storeSession();
    const database = {
      rows: [row(4, "Sam")],
      savedReplies: [savedReply(1, "en", "Dates", "Mutakallim starts in March.")],
    };
    serve(database);
    const user = renderInbox("en", "?view=replies");
    await user.click(await screen.findByRole("button", { name: "Edit “Dates”" }));
    await untilListening();
    await waitFor(() => expect(realtime.listening("saved_replies")).toBe(true));
    await user.type(screen.getByRole("textbox", { name: "Text" }), " Mine.");

    const theirs = {
      ...savedReply(1, "en", "Dates", "Mutakallim starts in May."),
      updated_at: "2026-02-01T09:00:00.123457+00:00",
    };
    database.savedReplies = [theirs];
    realtime.update("saved_replies", theirs);

    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(/This saved reply was changed by .+ after you opened it\./u);
    expect(within(notice).getByText("Mutakallim starts in May.")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Text" })).toHaveValue(
      "Mutakallim starts in March. Mine.",
    );
  });

  it("says the team has no saved replies yet, and links to where they are written", async () => {
    storeSession();
    serveReplies({ rows: [row(4, "هدى", { language: "ar" })], thread: [], savedReplies: [] });
    renderInbox("ar", "?open=4");
    expect(await screen.findByText("لا ردود محفوظة بعد.")).toBeVisible();
    expect(screen.queryByRole("combobox", { name: "ردّ محفوظ" })).toBeNull();
    expect(screen.getByRole("link", { name: "إدارة الردود المحفوظة" })).toHaveAttribute(
      "href",
      "/inbox?view=replies",
    );
  });

  it("keeps the member's mail app where mail is off", async () => {
    storeSession();
    serveReplies({ rows: [row(4, "Sam")], mailOn: false });
    renderInbox("en", "?open=4");
    expect(await screen.findByRole("link", { name: "Reply by email" })).toBeVisible();
    expect(screen.queryByLabelText("Your reply")).toBeNull();
    expect(screen.queryByText("Conversation")).toBeNull();
  });
});
