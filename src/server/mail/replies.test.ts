import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import {
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from "../../../tests/support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { MailConfig } from "../config.ts";
import { silentLogger } from "../log.ts";
import { MailWorker } from "./worker.ts";

// Replies from the inbox end to end: a member calls send_reply through supabase-js, the worker
// delivers to a real SMTP server, and the visitor's mail is read back parsed, headers and all.
let server: TestServer;
let sink: SmtpSink;
let member: MintedMember;
const team = ["team@kalima.example"];

function worker(overrides: Partial<MailConfig> = {}): MailWorker {
  return new MailWorker({
    db: server.db,
    mail: {
      smtpUrl: sink.url,
      from: "Kalima <mail@kalima.example>",
      replyTo: "Kalima team <team@kalima.example>",
      notifyTo: team,
      notifyLanguage: "ar",
      claimSeconds: 20,
      ...overrides,
    },
    siteUrl: "https://kalima.example",
    log: silentLogger,
  });
}

async function drain(mailWorker = worker()): Promise<void> {
  while (await mailWorker.deliverNext());
}

let serial = 0;
/** A visitor's submission, sent as the site sends it; its id. */
async function submitted(fields: Record<string, unknown> = {}): Promise<number> {
  serial += 1;
  const { error } = await clientFor(server, server.keys.anon)
    .from("contact_submissions")
    .insert({
      name: "ليلى",
      email: `visitor${serial}@example.com`,
      phone: null,
      message: "هل يبدأ البرنامج في الربيع؟\nSecond line",
      form_source: "Mutakallim Program",
      language: "ar",
      ...fields,
    });
  expect(error).toBeNull();
  const { rows } = await server.db.query<{ id: number }>(
    "select max(id)::int as id from public.contact_submissions",
  );
  return rows[0]?.id ?? 0;
}

/** A submission whose own mails (the team's, any confirmation) are sent and forgotten. */
async function quietSubmission(fields: Record<string, unknown>): Promise<number> {
  const id = await submitted(fields);
  await drain();
  sink.received.length = 0;
  return id;
}

async function outboxOf(id: number) {
  const { rows } = await server.db.query<{
    kind: string;
    status: string;
    recipient: string | null;
    message_id: string;
  }>(
    `select kind, status, recipient, message_id::text from public.mail_outbox
      where submission_id = $1 order by id`,
    [id],
  );
  return rows;
}

const toVisitor = (address: string) =>
  sink.received.filter((mail) => mail.envelopeTo.includes(address));

function header(mail: ReceivedMail, name: string): string | undefined {
  const value = mail.parsed.headers.get(name);
  return typeof value === "string" ? value : undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  sink = await startSmtpSink();
  member = await createMember(server);
  await server.db.query(
    `update auth.users set raw_user_meta_data = '{"full_name": "Omar Haddad"}' where id = $1`,
    [member.id],
  );
});
afterAll(async () => {
  await sink.stop();
  await server.close();
});
beforeEach(async () => {
  await drain();
  sink.received.length = 0;
  await server.db.query("update private.submission_limits set replies_per_member_per_hour = 30");
});

describe("send_reply", () => {
  it("mails the visitor once, in the thread of their confirmation, and marks the submission answered", async () => {
    const id = await submitted({ email: "layla@example.com" });
    const other = await submitted({ email: "other@example.com" });
    await drain();
    const confirmation = (await outboxOf(id)).find((row) => row.kind === "registration");
    expect(confirmation?.status).toBe("sent");
    sink.received.length = 0;

    const client = await member.client();
    const body = "أهلًا ليلى،\nنعم، يبدأ في آذار. <script>alert(1)</script>";
    const sent = await client.rpc("send_reply", { submission_id: id, body });
    const { error, status } = sent;
    const data = sent.data as { id: number } | null;
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      submission_id: id,
      direction: "out",
      author: member.id,
      author_email: member.email,
      author_name: "Omar Haddad",
      body,
      delivery: "pending",
    });

    await drain();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received as [ReceivedMail];
    // Its own address, and nobody else: no copy to the team, nor to the other visitor.
    expect(mail.envelopeTo).toEqual(["layla@example.com"]);
    expect(toVisitor("other@example.com")).toEqual([]);
    expect(mail.parsed.to).toMatchObject({ value: [{ address: "layla@example.com" }] });
    expect(mail.parsed.from?.value).toEqual([{ name: "Kalima", address: "mail@kalima.example" }]);
    expect(mail.parsed.replyTo?.value).toEqual([
      { name: "Kalima team", address: "team@kalima.example" },
    ]);
    expect(mail.parsed.subject).toBe("ردّ: استلمنا تسجيلك في برنامج المتكلم");
    const reply = (await outboxOf(id)).find((row) => row.kind === "reply");
    expect(reply?.recipient).toBe("layla@example.com");
    expect(mail.parsed.messageId).toBe(`<${reply?.message_id}@kalima.example>`);
    const confirmationId = `<${confirmation?.message_id}@kalima.example>`;
    expect(mail.parsed.inReplyTo).toBe(confirmationId);
    expect(mail.parsed.references).toBe(confirmationId);
    // A person wrote it: nothing tells an auto-responder to keep quiet.
    expect(header(mail, "auto-submitted")).toBeUndefined();

    const text = mail.parsed.text ?? "";
    expect(text).toContain(body);
    expect(text).toContain("-- \nOmar Haddad\nفريق كلمة");
    expect(text).toContain("كتب ليلى:\n> هل يبدأ البرنامج في الربيع؟\n> Second line");
    const html = String(mail.parsed.html);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("<blockquote");

    const { data: thread } = await client
      .from("submission_messages")
      .select("direction, body, delivery, delivery_error")
      .eq("submission_id", id);
    expect(thread).toEqual([{ direction: "out", body, delivery: "sent", delivery_error: null }]);
    const { rows } = await server.db.query<{ status: string }>(
      "select status from public.contact_submissions where id = $1",
      [id],
    );
    expect(rows[0]?.status).toBe("done");
    const { data: history } = await client
      .from("contact_submission_changes")
      .select("field, old_value, new_value, changed_by_email")
      .eq("submission_id", id)
      .order("id");
    expect(history).toEqual([
      { field: "status", old_value: "new", new_value: "done", changed_by_email: member.email },
      {
        field: "reply",
        old_value: null,
        new_value: String(data?.id),
        changed_by_email: member.email,
      },
    ]);
    expect((await outboxOf(other)).map((row) => row.kind)).toEqual(["submission", "registration"]);
  });

  it("answers a contact-page message under a subject of its own, in English for an English page", async () => {
    const id = await quietSubmission({
      email: "sam@example.com",
      name: "Sam",
      form_source: "Contact Page",
      language: "en",
      message: "Hello",
    });
    const client = await member.client();
    expect((await client.rpc("send_reply", { submission_id: id, body: "Thank you." })).error).toBe(
      null,
    );
    await drain();
    const [mail] = toVisitor("sam@example.com") as [ReceivedMail];
    expect(mail.parsed.subject).toBe("A reply from the Kalima team to your message");
    expect(mail.parsed.inReplyTo).toBeUndefined();
    expect(mail.parsed.text).toContain("The Kalima team");
    expect(mail.parsed.text).toContain("Sam wrote:\n> Hello");
    expect(String(mail.parsed.html)).toContain('<html lang="en" dir="ltr">');

    // A second reply follows the first in the thread.
    expect(
      (await client.rpc("send_reply", { submission_id: id, body: "And one more." })).error,
    ).toBe(null);
    await drain();
    const first = (await outboxOf(id)).filter((row) => row.kind === "reply")[0];
    const second = toVisitor("sam@example.com")[1];
    expect(second?.parsed.inReplyTo).toBe(`<${first?.message_id}@kalima.example>`);
  });

  it("lets no one but a member at aal2 send, and sends nothing for them", async () => {
    const id = await submitted({ email: "guarded@example.com" });
    const stranger = await createMember(server, { team: false });
    const callers = [
      ["anon", clientFor(server, server.keys.anon), 401],
      ["a signed-up stranger", await stranger.client(), 403],
      ["a member at aal1", await member.client({ aal: "aal1" }), 403],
    ] as const;
    for (const [who, client, expected] of callers) {
      const { error, status } = await client.rpc("send_reply", { submission_id: id, body: "Hi" });
      expect({ who, status, code: error?.code }).toEqual({ who, status: expected, code: "42501" });
      const { data } = await client.from("submission_messages").select("id");
      expect({ who, rows: data ?? [] }).toEqual({ who, rows: [] });
    }
    expect((await outboxOf(id)).map((row) => row.kind)).toEqual(["submission", "registration"]);
  });

  it("refuses bad input with a clear error and queues nothing", async () => {
    const id = await submitted({ email: "careful@example.com" });
    const spam = await submitted({ email: "robot@example.com", website: "https://spam.example" });
    const client = await member.client();
    const cases = [
      [{ submission_id: id, body: " \n\t " }, 400, "22023", "A reply needs words"],
      [{ submission_id: id, body: "x".repeat(20_001) }, 400, "22001", "at most 20000"],
      [{ submission_id: 999_999_999, body: "Hi" }, 404, "PT404", "No submission"],
      [{ submission_id: spam, body: "Hi" }, 400, "22023", "spam"],
    ] as const;
    for (const [args, status, code, words] of cases) {
      const answer = await client.rpc("send_reply", args);
      expect(answer.status).toBe(status);
      expect(answer.error?.code).toBe(code);
      expect(answer.error?.message).toContain(words);
    }
    const { rows } = await server.db.query(
      "select 1 from public.mail_outbox where kind = 'reply' and submission_id in ($1, $2)",
      [id, spam],
    );
    expect(rows).toEqual([]);
  });

  it("bounds one member's replies an hour, against a stolen session", async () => {
    await server.db.query("update private.submission_limits set replies_per_member_per_hour = 2");
    const other = await createMember(server);
    const id = await submitted({ email: "bounded@example.com" });
    const client = await member.client();
    // The member's replies in this file so far count too: the bound is per hour, not per test.
    await server.db.query(
      "update public.submission_messages set created_at = now() - interval '2 hours' where author = $1",
      [member.id],
    );
    for (const body of ["one", "two"]) {
      expect((await client.rpc("send_reply", { submission_id: id, body })).error).toBeNull();
    }
    const third = await client.rpc("send_reply", { submission_id: id, body: "three" });
    expect(third.status).toBe(429);
    expect(third.error?.code).toBe("PT429");
    const colleague = await other.client();
    expect(
      (await colleague.rpc("send_reply", { submission_id: id, body: "four" })).error,
    ).toBeNull();
    const { rows } = await server.db.query<{ body: string }>(
      "select body from public.submission_messages where submission_id = $1 order by id",
      [id],
    );
    expect(rows.map((row) => row.body)).toEqual(["one", "two", "four"]);
  });

  it("holds the bound when a member's replies come all at once, to many submissions", async () => {
    await server.db.query("update private.submission_limits set replies_per_member_per_hour = 2");
    const hurried = await createMember(server);
    const ids: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      ids.push(await submitted({ email: `flood${index}@example.com` }));
    }
    const client = await hurried.client();
    const answers = await Promise.all(
      ids.map((id) => client.rpc("send_reply", { submission_id: id, body: `flood ${id}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 429, 429, 429, 429, 429, 429,
    ]);
    const { rows } = await server.db.query(
      "select 1 from public.submission_messages where author = $1",
      [hurried.id],
    );
    expect(rows).toHaveLength(2);
  });

  it("shows the reply's delivery: retrying with the server's reason while SMTP is down, then sent once", async () => {
    const id = await submitted({ email: "patient@example.com", form_source: "Contact Page" });
    await drain();
    const client = await member.client();
    expect((await client.rpc("send_reply", { submission_id: id, body: "Soon." })).error).toBeNull();
    await sink.stop();
    await drain();
    const read = () =>
      client
        .from("submission_messages")
        .select("delivery, delivery_error")
        .eq("submission_id", id)
        .single();
    const down = (await read()).data;
    expect(down?.delivery).toBe("retrying");
    expect(down?.delivery_error).toMatch(/ECONNREFUSED|connect/u);
    await sink.start();
    await server.db.query(
      "update public.mail_outbox set next_attempt_at = now() where submission_id = $1",
      [id],
    );
    await drain();
    await drain();
    expect(await read()).toMatchObject({ data: { delivery: "sent", delivery_error: null } });
    expect(toVisitor("patient@example.com")).toHaveLength(1);
  });

  it("keeps the visitor's name out of the headers, whatever it holds", async () => {
    const id = await quietSubmission({
      email: "named@example.com",
      name: "Eve <evil@example.org>, Bcc: evil@example.org",
      form_source: "Contact Page",
    });
    const client = await member.client();
    expect((await client.rpc("send_reply", { submission_id: id, body: "Hello" })).error).toBeNull();
    await drain();
    expect(sink.received.map((mail) => mail.envelopeTo)).toEqual([["named@example.com"]]);
    const [mail] = sink.received as [ReceivedMail];
    expect(mail.parsed.to).toMatchObject({ value: [{ address: "named@example.com" }] });
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.cc).toBeUndefined();
  });

  it("goes with its submission, and is heard live", async () => {
    const id = await submitted({ email: "erased@example.com" });
    const client = await member.client();
    expect((await client.rpc("send_reply", { submission_id: id, body: "Bye." })).error).toBeNull();
    await server.db.query("delete from public.contact_submissions where id = $1", [id]);
    const { rows } = await server.db.query(
      "select 1 from public.submission_messages where submission_id = $1",
      [id],
    );
    expect(rows).toEqual([]);
    const published = await server.db.query(
      `select 1 from pg_publication_tables
        where pubname = 'supabase_realtime' and tablename = 'submission_messages'`,
    );
    expect(published.rows).toHaveLength(1);
  });
});
