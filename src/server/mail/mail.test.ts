import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import {
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from "../../../tests/support/smtp-sink.ts";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { MailConfig } from "../config.ts";
import { silentLogger } from "../log.ts";
import { MailWorker } from "./worker.ts";

// The outbox end to end: supabase-js inserts as a visitor, the worker delivers to a real SMTP
// server, and each mail is read back parsed.
let server: TestServer;
let sink: SmtpSink;
const team = ["team@kalima.example", "second@kalima.example"];

function mailConfig(overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    smtpUrl: sink.url,
    from: "Kalima <mail@kalima.example>",
    notifyTo: team,
    notifyLanguage: "ar",
    claimSeconds: 20,
    ...overrides,
  };
}

function worker(overrides: Partial<MailConfig> = {}): MailWorker {
  return new MailWorker({
    db: server.db,
    mail: mailConfig(overrides),
    siteUrl: "https://kalima.example",
    log: silentLogger,
  });
}

async function drain(mailWorker: MailWorker): Promise<void> {
  while (await mailWorker.deliverNext());
}

function visitor() {
  return clientFor(server, server.keys.anon);
}

async function send(row: Record<string, unknown>) {
  const { status, error } = await visitor().from("contact_submissions").insert(row);
  expect(error).toBeNull();
  expect(status).toBe(201);
}

function contact(email: string, extra: Record<string, unknown> = {}) {
  return {
    name: "ليلى",
    email,
    phone: "+966 50 000 0000",
    message: "مرحبًا، أود المشاركة.",
    form_source: "Contact Page",
    ...extra,
  };
}

/** What a reader sees: every kind of space as one. */
const spaced = (text: string) => text.replace(/[\s\u00a0\u2009\u202f]+/gu, " ");

function registration(email: string, language: "ar" | "en", extra: Record<string, unknown> = {}) {
  return {
    name: "Sami",
    email,
    phone: null,
    message: "I would like to join.",
    form_source: "Mutakallim Program",
    language,
    ...extra,
  };
}

function header(mail: ReceivedMail, name: string): string | undefined {
  const value = mail.parsed.headers.get(name);
  return typeof value === "string" ? value : undefined;
}

async function latestSubmissionId(): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    "select max(id)::text as id from public.contact_submissions",
  );
  return rows[0]?.id ?? "";
}

async function outbox() {
  const { rows } = await server.db.query<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    message_id: string;
    retry_in: number;
  }>(
    `select kind, status, attempts, last_error, message_id::text,
            extract(epoch from next_attempt_at - now())::float8 as retry_in
       from public.mail_outbox order by id`,
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
  await server.close();
});
beforeEach(async () => {
  await server.db.query("delete from public.mail_outbox");
  sink.received.length = 0;
});

describe("the team's notification", () => {
  it("mails every new submission once to the team, in Arabic by default, replying to the visitor", async () => {
    // An older page's insert: the five fields, no language.
    await send(contact("layla@example.com"));
    const id = await latestSubmissionId();
    await drain(worker());

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received as [ReceivedMail];
    expect(mail.envelopeTo.sort()).toEqual([...team].sort());
    expect(mail.parsed.subject).toBe("رسالة جديدة من ليلى");
    expect(mail.parsed.replyTo?.value).toEqual([{ name: "ليلى", address: "layla@example.com" }]);
    expect(mail.parsed.from?.value).toEqual([{ name: "Kalima", address: "mail@kalima.example" }]);
    expect(header(mail, "auto-submitted")).toBe("auto-generated");
    const [row] = await outbox();
    expect(mail.parsed.messageId).toBe(`<${row?.message_id}@kalima.example>`);
    expect(row?.status).toBe("sent");
    for (const body of [mail.parsed.text ?? "", String(mail.parsed.html)]) {
      expect(body).toContain("صفحة التواصل");
      expect(body).toContain("layla@example.com");
      expect(body).toContain("+966 50 000 0000");
      expect(body).toContain("مرحبًا، أود المشاركة.");
      expect(body).toContain(`https://kalima.example/inbox?open=${id}`);
    }
    expect(String(mail.parsed.html)).toContain('<html lang="ar" dir="rtl">');
    // Numbers and addresses keep their order inside the right-to-left layout.
    expect(String(mail.parsed.html)).toContain('<bdi dir="ltr">+966 50 000 0000</bdi>');

    await drain(worker());
    expect(sink.received).toHaveLength(1);
  });

  it("writes in English when NOTIFY_LANGUAGE says so, linking the English inbox", async () => {
    await send(registration("sami@example.com", "ar", { phone: null }));
    const id = await latestSubmissionId();
    await drain(worker({ notifyLanguage: "en" }));
    const toTeam = sink.received.find((mail) => mail.envelopeTo.includes(team[0] ?? ""));
    expect(toTeam?.parsed.subject).toBe("New Mutakallim registration: Sami");
    expect(toTeam?.parsed.text).toContain("the Mutakallim registration");
    expect(toTeam?.parsed.text).toContain("Phone: Not given");
    expect(toTeam?.parsed.text).toContain(`https://kalima.example/en/inbox?open=${id}`);
    expect(String(toTeam?.parsed.html)).toContain('<html lang="en" dir="ltr">');
  });

  it("mails nobody about a submission the spam defences marked", async () => {
    await server.db.query(
      `insert into public.contact_submissions (name, email, message, form_source, status)
       values ('Bot', 'bot@example.com', 'buy now', 'Mutakallim Program', 'spam')`,
    );
    expect(await outbox()).toEqual([]);
  });
});

describe("the registrant's confirmation", () => {
  it("is written in ar or en, nothing else", async () => {
    const { status, error } = await visitor()
      .from("contact_submissions")
      .insert(registration("french@example.com", "ar", { language: "fr" }));
    expect(status).toBe(400);
    expect(error?.code).toBe("23514");
    expect(await outbox()).toEqual([]);
  });

  it("goes to the address given, in the page's language, with the program's facts and nothing typed", async () => {
    await send(registration("reader@example.com", "en", { message: "SECRET-WORDS <b>x</b>" }));
    await drain(worker());
    expect(sink.received).toHaveLength(2);
    const confirmation = sink.received.find((mail) =>
      mail.envelopeTo.includes("reader@example.com"),
    );
    expect(confirmation?.envelopeTo).toEqual(["reader@example.com"]);
    expect(confirmation?.parsed.subject).toBe("Your Mutakallim registration is received");
    expect(confirmation?.parsed.replyTo).toBeUndefined();
    for (const body of [confirmation?.parsed.text ?? "", String(confirmation?.parsed.html)]) {
      expect(body).toContain("Hello,");
      expect(body).not.toContain("Sami");
      expect(body).toContain("Three months");
      expect(spaced(body)).toContain("Every Saturday, 7:00 – 8:30 PM Jordan time");
      expect(body).not.toContain("SECRET-WORDS");
    }
  });

  it("writes in Arabic from the Arabic page", async () => {
    await send(registration("arabic@example.com", "ar", { name: "سامي" }));
    await drain(worker());
    const confirmation = sink.received.find((mail) =>
      mail.envelopeTo.includes("arabic@example.com"),
    );
    expect(confirmation?.parsed.subject).toBe("استلمنا تسجيلك في برنامج المتكلم");
    expect(confirmation?.parsed.text).toContain("أهلًا بك،");
    expect(confirmation?.parsed.text).not.toContain("سامي");
    // Digits as the Arabic site writes them.
    expect(spaced(confirmation?.parsed.text ?? "")).toContain("كل سبت، ٧:٠٠–٨:٣٠ م بتوقيت الأردن");
    expect(String(confirmation?.parsed.html)).toContain('dir="rtl"');
  });

  it("states the program as the team last published it", async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `insert into public.site_content_versions (content, changed)
       select jsonb_set(jsonb_set(content, '{mutakallim,sessions}',
                '{"day": 1, "start": "18:00", "end": "19:15"}'),
              '{mutakallim,duration}', '{"ar": "عشرة أسابيع", "en": "Ten weeks"}'),
              '{mutakallim}'
         from public.site_content_versions order by id desc limit 1
       returning id::text`,
    );
    try {
      await send(registration("monday@example.com", "en"));
      await send(registration("ithnayn@example.com", "ar"));
      await drain(worker());
      const to = (address: string) =>
        spaced(sink.received.find((mail) => mail.envelopeTo.includes(address))?.parsed.text ?? "");
      expect(to("monday@example.com")).toContain("Ten weeks");
      expect(to("monday@example.com")).toContain("Every Monday, 6:00 – 7:15 PM Jordan time");
      expect(to("monday@example.com")).not.toContain("Saturday");
      expect(to("ithnayn@example.com")).toContain("عشرة أسابيع");
      expect(to("ithnayn@example.com")).toContain("كل اثنين، ٦:٠٠–٧:١٥ م بتوقيت الأردن");
    } finally {
      await server.db.query("delete from public.site_content_versions where id = $1", [
        rows[0]?.id,
      ]);
    }
  });

  it("still confirms, without the program's facts, when the published content cannot be read", async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `insert into public.site_content_versions (content, changed)
       select content - 'mutakallim', '{mutakallim}'
         from public.site_content_versions order by id desc limit 1
       returning id::text`,
    );
    try {
      await send(registration("unread@example.com", "en"));
      await drain(worker());
      const text =
        sink.received.find((mail) => mail.envelopeTo.includes("unread@example.com"))?.parsed.text ??
        "";
      expect(text).toContain("We have your registration");
      expect(text).not.toContain("Group sessions");
    } finally {
      await server.db.query("delete from public.site_content_versions where id = $1", [
        rows[0]?.id,
      ]);
    }
  });

  it("goes to one address once an hour at most, however often it is registered", async () => {
    for (let index = 0; index < 3; index += 1) {
      await send(registration(index === 1 ? "Once@Example.com" : "once@example.com", "en"));
    }
    await drain(worker());
    const toVisitor = sink.received.filter((mail) =>
      mail.envelopeTo.some((address) => address.toLowerCase() === "once@example.com"),
    );
    const toTeam = sink.received.filter((mail) => mail.envelopeTo.includes(team[0] ?? ""));
    expect(toVisitor).toHaveLength(1);
    expect(toTeam).toHaveLength(3);
  });
});

describe("the visitor's words keep their own direction", () => {
  it.each(["ar", "en"] as const)(
    "in the %s team mail, each line and the phone isolated",
    async (notifyLanguage) => {
      await send(
        contact("mixed@example.com", {
          phone: "+966 55 123 4567.",
          message: "مرحبًا (أنا سارة)\nMy name is Sara (in English).",
        }),
      );
      await drain(worker({ notifyLanguage }));
      const mail = sink.received[0];
      const text = mail?.parsed.text ?? "";
      expect(text).toContain(
        "\u2068مرحبًا (أنا سارة)\u2069\n\u2068My name is Sara (in English).\u2069",
      );
      expect(text).toContain("\u2066+966 55 123 4567.\u2069");
      const html = String(mail?.parsed.html);
      expect(html).toContain('<bdi dir="ltr">+966 55 123 4567.</bdi>');
      expect(html).toMatch(/<div dir="auto" style="unicode-bidi:plaintext">مرحبًا/u);
    },
  );
});

describe("nothing a visitor types reaches a header or the HTML as it was typed", () => {
  const injections = [
    { field: "name", value: "Eve\r\nBcc: victim@example.org" },
    { field: "name", value: "Eve\nSubject: free money" },
    { field: "name", value: 'Eve" <victim@example.org>, "x' },
    { field: "email", value: "x,victim@example.org" },
    { field: "email", value: "victim@example.org>" },
    { field: "phone", value: "1\r\nBcc: victim@example.org" },
    { field: "message", value: "hello\r\n.\r\nMAIL FROM:<a@b.c>\r\nBcc: victim@example.org" },
  ];

  it.each(injections)("through the $field: $value", async ({ field, value }) => {
    await send(registration("injector@example.com", "en", { [field]: value }));
    await drain(worker());
    expect(sink.received.length).toBeGreaterThanOrEqual(1);
    for (const mail of sink.received) {
      const recipients = new Set(mail.envelopeTo.map((address) => address.toLowerCase()));
      recipients.delete("injector@example.com");
      for (const address of team) recipients.delete(address);
      expect([...recipients]).toEqual([]);
      expect(mail.parsed.headers.has("bcc")).toBe(false);
      expect(mail.parsed.cc).toBeUndefined();
      const headers = mail.raw.split(/\r?\n\r?\n/u)[0] ?? "";
      expect(headers).not.toMatch(/^(bcc|subject: free)/imu);
      expect(headers.match(/^subject:/gimu)).toHaveLength(1);
      for (const reply of mail.parsed.replyTo?.value ?? []) {
        expect(reply.address).toBe("injector@example.com");
      }
    }
  });

  it("sends no confirmation to an address that names another", async () => {
    await send(registration("x,victim@example.org", "en"));
    await drain(worker());
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.envelopeTo.sort()).toEqual([...team].sort());
    expect(sink.received[0]?.parsed.replyTo).toBeUndefined();
  });

  it("escapes the visitor's markup in the HTML", async () => {
    await send(
      contact("html@example.com", {
        name: '<img src=x onerror="alert(1)">',
        message: "<script>alert('x')</script> & <a href=\"https://evil.example\">click</a>",
      }),
    );
    await drain(worker());
    const html = String(sink.received[0]?.parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('<a href="https://evil.example"');
    expect(html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp;");
    expect(sink.received[0]?.parsed.text).toContain("<script>alert('x')</script>");
  });
});

describe("whether mail is on", () => {
  it("is vouched for by a working worker, for the next sweeps and a mail in hand", async () => {
    await server.db.query("delete from public.mail_delivery");
    await worker({ claimSeconds: 30 }).deliverNext();
    const { rows } = await server.db.query<{ vouched: number; seen: number }>(
      `select extract(epoch from live_until - seen_at)::float8 as vouched,
              extract(epoch from now() - seen_at)::float8 as seen
         from public.mail_delivery`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.vouched).toBe(150);
    expect(rows[0]?.seen).toBeLessThan(5);
  });

  it("keeps the later promise of two workers", async () => {
    await server.db.query("delete from public.mail_delivery");
    await worker({ claimSeconds: 600 }).deliverNext();
    await worker({ claimSeconds: 20 }).deliverNext();
    const { rows } = await server.db.query<{ vouched: number }>(
      "select extract(epoch from live_until - now())::float8 as vouched from public.mail_delivery",
    );
    expect(rows[0]?.vouched).toBeGreaterThan(700);
  });
});

describe("delivery", () => {
  let spare: SmtpSink | undefined;
  afterEach(async () => {
    await spare?.stop();
    spare = undefined;
  });

  it("keeps the mail while the SMTP server is down and sends it once when it is back", async () => {
    await sink.stop();
    try {
      for (let index = 0; index < 5; index += 1) await send(contact(`down${index}@example.com`));
      await drain(worker());
      const waiting = await outbox();
      expect(waiting).toHaveLength(5);
      for (const row of waiting) {
        expect(row).toMatchObject({ status: "pending", attempts: 1 });
        expect(row.last_error).toMatch(/ECONNREFUSED/u);
        expect(row.retry_in).toBeGreaterThan(5);
        expect(row.retry_in).toBeLessThanOrEqual(10);
      }
    } finally {
      await sink.start();
    }
    // Due again: as if the ten seconds had passed.
    await server.db.query("update public.mail_outbox set next_attempt_at = now()");
    await drain(worker());
    await drain(worker());
    const ids = sink.received.map((mail) => mail.parsed.messageId);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect((await outbox()).map((row) => row.status)).toEqual(Array(5).fill("sent"));
  });

  it("shares the outbox between workers without sending a mail twice", async () => {
    for (let index = 0; index < 12; index += 1) await send(contact(`shared${index}@example.com`));
    const workers = [worker(), worker(), worker()];
    await Promise.all(workers.map(drain));
    const ids = sink.received.map((mail) => mail.parsed.messageId);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it("refuses a smtp:// server that offers no STARTTLS, unless the URL allows it", async () => {
    await send(contact("tls@example.com"));
    await drain(worker({ smtpUrl: `smtp://127.0.0.1:${sink.port}` }));
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.last_error).toMatch(/STARTTLS/iu);
    expect(sink.received).toHaveLength(0);
  });

  it("verifies the server's certificate", async () => {
    spare = await startSmtpSink({ server: { disabledCommands: [] } });
    await send(contact("certificate@example.com"));
    await drain(worker({ smtpUrl: `smtp://127.0.0.1:${spare.port}` }));
    const [row] = await outbox();
    expect(row?.last_error).toMatch(/certificate/iu);
    expect(spare.received).toHaveLength(0);
  });

  it("gives up a day after the mail was written, and says why", async () => {
    const mailWorker = worker();
    await sink.stop();
    try {
      await send(contact("late@example.com"));
      await drain(mailWorker);
      await server.db.query(
        "update public.mail_outbox set created_at = now() - interval '25 hours', next_attempt_at = now()",
      );
      await drain(mailWorker);
    } finally {
      await sink.start();
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/u);
  });

  it("gives up, untried, what waited a day while mail was off", async () => {
    await send(contact("waited@example.com"));
    await server.db.query("update public.mail_outbox set created_at = now() - interval '25 hours'");
    await drain(worker());
    expect(sink.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({
      status: "failed",
      attempts: 0,
      last_error: "not sent within a day",
    });
  });
});
