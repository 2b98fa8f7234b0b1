import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import { startTeamMailbox, type TeamMailbox } from "../../../tests/support/imap-mailbox.ts";
import { createMember, type MintedMember } from "../../../tests/support/member.ts";
import {
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from "../../../tests/support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { silentLogger } from "../log.ts";
import { MailboxWatcher, threadAnswer } from "./mailbox-watcher.ts";
import { MailWorker } from "./worker.ts";

// The visitor's answers end to end: a member replies through supabase-js, the worker mails it to
// a real SMTP server, the visitor's answer is delivered into a real IMAP mailbox, and the
// server's watcher threads it into the submission, where the member reads it.
let server: TestServer;
let sink: SmtpSink;
let mailbox: TeamMailbox;
let member: MintedMember;

function worker(): MailWorker {
  return new MailWorker({
    db: server.db,
    mail: {
      smtpUrl: sink.url,
      from: "Kalima <mail@kalima.example>",
      replyTo: "Kalima team <team@kalima.example>",
      notifyTo: ["team@kalima.example"],
      notifyLanguage: "ar",
      claimSeconds: 20,
    },
    siteUrl: "https://kalima.example",
    log: silentLogger,
  });
}

function watcher(pollMs = 60_000): MailboxWatcher {
  return new MailboxWatcher({ db: server.db, imapUrl: mailbox.url, log: silentLogger, pollMs });
}

async function drain(): Promise<void> {
  const mailWorker = worker();
  while (await mailWorker.deliverNext());
}

let serial = 0;

/** A registration answered by a member: its id, and the reply as the visitor received it. */
async function replied(): Promise<{ id: number; email: string; reply: ReceivedMail }> {
  serial += 1;
  const email = `answer${serial}@example.com`;
  const { error } = await clientFor(server, server.keys.anon).from("contact_submissions").insert({
    name: "ليلى",
    email,
    phone: null,
    message: "هل يبدأ البرنامج في الربيع؟",
    form_source: "Mutakallim Program",
    language: "ar",
  });
  expect(error).toBeNull();
  const { rows } = await server.db.query<{ id: number }>(
    "select max(id)::int as id from public.contact_submissions",
  );
  const id = rows[0]?.id ?? 0;
  const client = await member.client();
  const sent = await client.rpc("send_reply", { submission_id: id, body: "نعم، في آذار." });
  expect(sent.error).toBeNull();
  await drain();
  const reply = sink.received.findLast(
    (mail) => mail.envelopeTo.includes(email) && mail.parsed.subject?.startsWith("ردّ"),
  );
  if (!reply) throw new Error("the reply was not mailed");
  return { id, email, reply };
}

/** The visitor's answer to `reply`, as their mail program would write it. */
function answer(
  reply: ReceivedMail,
  from: string,
  options: { text?: string; headers?: string[]; messageId?: string; inReplyTo?: string } = {},
): string {
  const inReplyTo = options.inReplyTo ?? reply.parsed.messageId ?? "";
  return [
    `From: Layla <${from}>`,
    "To: Kalima team <team@kalima.example>",
    `Subject: Re: ${reply.parsed.subject ?? ""}`,
    `Message-ID: ${options.messageId ?? `<${randomUUID()}@mail.example.com>`}`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    "Date: Thu, 03 Dec 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    ...(options.headers ?? []),
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    options.text ?? "شكرًا! سأحضر مع صديقتي.\n\nOn Thu, Dec 3, 2026 Kalima wrote:\n> نعم، في آذار.",
    "--b1",
    'Content-Type: application/pdf; name="cv.pdf"',
    'Content-Disposition: attachment; filename="cv.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from("%PDF-1.4 not really").toString("base64"),
    "--b1--",
    "",
  ].join("\r\n");
}

interface ThreadRow {
  direction: "in" | "out";
  kind: string | null;
  body: string;
  quoted: string | null;
  attachments: unknown[];
  from_address: string | null;
}

async function threadOf(id: number): Promise<ThreadRow[]> {
  const client = await member.client();
  const { data, error } = await client
    .from("submission_messages")
    .select("direction, kind, body, quoted, attachments, from_address")
    .eq("submission_id", id)
    .order("id")
    .returns<ThreadRow[]>();
  expect(error).toBeNull();
  return data ?? [];
}

async function statusOf(id: number): Promise<string | undefined> {
  const { rows } = await server.db.query<{ status: string }>(
    "select status from public.contact_submissions where id = $1",
    [id],
  );
  return rows[0]?.status;
}

beforeAll(async () => {
  server = await startTestServer();
  sink = await startSmtpSink();
  mailbox = await startTeamMailbox();
  member = await createMember(server);
});
afterAll(async () => {
  await mailbox.stop();
  await sink.stop();
  await server.close();
});
beforeEach(async () => {
  // Each test's watchers start where the last test's left the mailbox.
  await server.db.query(
    "update private.mailbox_watch set held_until = now() - interval '1 second'",
  );
});

describe("the visitor's answers, read from the team's mailbox", () => {
  it("threads an answer by In-Reply-To, folds its quote, lists its attachment, and leaves the mail unread", async () => {
    const { id, email, reply } = await replied();
    expect(await statusOf(id)).toBe("done");
    await mailbox.deliver(answer(reply, email));

    const reader = watcher();
    expect(await reader.lookOnce()).toBe(1);
    expect(await threadOf(id)).toEqual([
      expect.objectContaining({ direction: "out", kind: null, body: "نعم، في آذار." }),
      {
        direction: "in",
        kind: "answer",
        body: "شكرًا! سأحضر مع صديقتي.",
        quoted: "On Thu, Dec 3, 2026 Kalima wrote:\n> نعم، في آذار.",
        attachments: [{ name: "cv.pdf", type: "application/pdf", size: 19 }],
        from_address: email,
      },
    ]);
    // The visitor wrote back: the submission needs the team again, and the history says why.
    expect(await statusOf(id)).toBe("new");
    const client = await member.client();
    const { data: history } = await client
      .from("contact_submission_changes")
      .select("field, new_value, changed_by, changed_by_email")
      .eq("submission_id", id)
      .order("id");
    expect(history?.slice(-2)).toEqual([
      { field: "status", new_value: "new", changed_by: null, changed_by_email: email },
      expect.objectContaining({ field: "answer", changed_by: null, changed_by_email: email }),
    ]);
    // Read-only: the team's own mail program still shows the mail as new.
    expect(await mailbox.counts()).toMatchObject({ seen: 0 });

    // Looked at again, or by an instance started afresh: nothing is threaded twice.
    expect(await reader.lookOnce()).toBe(0);
    await reader.stop();
    await server.db.query("update private.mailbox_watch set held_until = now()");
    const restarted = watcher();
    expect(await restarted.lookOnce()).toBe(0);
    await restarted.stop();
    expect(await threadOf(id)).toHaveLength(2);
  });

  it("keeps an out-of-office and a mail marked as spam apart from answers, and threads no stranger's mail", async () => {
    const { id, email, reply } = await replied();
    await mailbox.deliver(
      answer(reply, email, {
        text: "I am away until Monday.",
        headers: ["Auto-Submitted: auto-replied", "X-Autoreply: yes"],
      }),
    );
    await mailbox.deliver(
      answer(reply, email, { text: "رد تلقائي: أنا في إجازة" }).replace(
        "Subject: Re:",
        "Subject: رد تلقائي:",
      ),
    );
    await mailbox.deliver(
      answer(reply, email, { text: "Cheap pills", headers: ["X-Spam-Flag: YES"] }),
    );
    // Mail that names no mail of ours, or a made-up one at our domain, joins nothing.
    await mailbox.deliver(answer(reply, email, { inReplyTo: "<someone-else@example.org>" }));
    await mailbox.deliver(answer(reply, email, { inReplyTo: `<${randomUUID()}@kalima.example>` }));
    // A broken mail (a multipart with no parts, references with no ids) does not stop the others.
    await mailbox.deliver(
      'References: <<>>\r\nIn-Reply-To: <\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\n',
    );

    const reader = watcher();
    expect(await reader.lookOnce()).toBe(3);
    await reader.stop();
    const kinds = (await threadOf(id)).map((message) => [message.direction, message.kind]);
    expect(kinds).toEqual([
      ["out", null],
      ["in", "auto"],
      ["in", "auto"],
      ["in", "spam"],
    ]);
    // Nothing there needs the team: the submission stays answered.
    expect(await statusOf(id)).toBe("done");
  });

  it("hears new mail by IDLE, without waiting for the poll", async () => {
    const { id, email, reply } = await replied();
    const reader = watcher(600_000);
    reader.start();
    try {
      // The first look opens the mailbox and waits; the answer arrives after it.
      await expect
        .poll(async () => {
          const { rows } = await server.db.query<{ checked: boolean }>(
            "select checked_at is not null as checked from private.mailbox_watch",
          );
          return rows[0]?.checked ?? false;
        })
        .toBe(true);
      await mailbox.deliver(answer(reply, email, { text: "وصلني، شكرًا." }));
      await expect.poll(async () => (await threadOf(id)).length).toBe(2);
    } finally {
      await reader.stop();
    }
  });

  it("is read by one instance at a time, and another takes over when its hold lapses", async () => {
    const { id, email, reply } = await replied();
    const first = watcher(300);
    const second = watcher(300);
    const looks = await Promise.all([first.lookOnce(), second.lookOnce()]);
    // One holds the mailbox and reads; the other is told to wait.
    expect(looks.filter((look) => look === undefined)).toHaveLength(1);
    const waiting = looks[0] === undefined ? first : second;
    const holding = waiting === first ? second : first;
    expect(await waiting.lookOnce()).toBeUndefined();

    // The holder stops (its instance is gone); once its hold lapses, the other reads.
    await holding.stop();
    await mailbox.deliver(answer(reply, email, { text: "Answer after the takeover." }));
    await expect.poll(async () => waiting.lookOnce(), { interval: 200 }).toBe(1);
    await waiting.stop();
    expect((await threadOf(id)).map((message) => message.body)).toEqual([
      "نعم، في آذار.",
      "Answer after the takeover.",
    ]);
  });

  it("threads one mail once, even when two instances thread it at the same moment", async () => {
    const { id, email, reply } = await replied();
    const mail = {
      messageId: `<${randomUUID()}@mail.example.com>`,
      refs: [reply.parsed.messageId ?? ""],
      kind: "answer" as const,
      fromAddress: email,
      subject: "Re: both",
      body: "Once, please.",
      quoted: null,
      attachments: [],
    };
    const results = await Promise.all([
      threadAnswer(server.db, mail),
      threadAnswer(server.db, mail),
      threadAnswer(server.db, mail),
    ]);
    expect(results.filter((result) => result !== null)).toEqual([String(id)]);
    expect((await threadOf(id)).filter((message) => message.direction === "in")).toHaveLength(1);
  });

  it("threads a mail whose text and attachment name decode to NUL characters, which PostgreSQL's text cannot hold", async () => {
    const { id, email, reply } = await replied();
    await mailbox.deliver(
      answer(reply, email, { text: "Yes=00, I will come." })
        .replace("Content-Transfer-Encoding: 8bit", "Content-Transfer-Encoding: quoted-printable")
        .replace('filename="cv.pdf"', "filename*=utf-8''c%00v.pdf"),
    );
    const reader = watcher();
    expect(await reader.lookOnce()).toBe(1);
    await reader.stop();
    const answered = (await threadOf(id)).find((message) => message.direction === "in");
    expect(answered).toMatchObject({
      body: "Yes, I will come.",
      attachments: [{ name: "cv.pdf" }],
    });
  });

  it("fails a look, not the server, when the mailbox cannot be reached or refuses the password", async () => {
    const closed = await import("node:net").then(
      ({ createServer }) =>
        new Promise<number>((resolve) => {
          const probe = createServer();
          probe.listen(0, "127.0.0.1", () => {
            const { port } = probe.address() as { port: number };
            probe.close(() => resolve(port));
          });
        }),
    );
    const unreachable = new MailboxWatcher({
      db: server.db,
      imapUrl: `imap://team:secret@127.0.0.1:${closed}/INBOX`,
      log: silentLogger,
    });
    await expect(unreachable.lookOnce()).rejects.toThrow();
    await server.db.query("update private.mailbox_watch set held_until = now()");
    const refused = new MailboxWatcher({
      db: server.db,
      imapUrl: mailbox.url.replace("testpass", "wrong"),
      log: silentLogger,
    });
    await expect(refused.lookOnce()).rejects.toThrow();
    // Running, it keeps trying in the background and stops when asked.
    refused.start();
    await refused.stop();
    await unreachable.stop();
  });

  it("keeps the first 20,000 characters of a long answer", async () => {
    const { id, email, reply } = await replied();
    await mailbox.deliver(answer(reply, email, { text: "ك".repeat(25_000) }));
    const reader = watcher();
    expect(await reader.lookOnce()).toBe(1);
    await reader.stop();
    const answered = (await threadOf(id)).find((message) => message.direction === "in");
    expect(answered?.body).toHaveLength(20_000);
  });
});
