import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientFor } from "../../../tests/support/contract-target.ts";
import {
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from "../../../tests/support/smtp-sink.ts";
import {
  startTestServer,
  testOrigin,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import type { MailConfig } from "../config.ts";
import { silentLogger } from "../log.ts";
import { MailWorker } from "./worker.ts";

// Invitations and password resets as supabase-js asks for them, delivered by the worker to a
// real SMTP server, and followed from the link in the mail received.
let server: TestServer;
let sink: SmtpSink;
let mail: MailConfig;

async function drain(): Promise<void> {
  const worker = new MailWorker({ db: server.db, mail, siteUrl: testOrigin, log: silentLogger });
  while (await worker.deliverNext());
}

function linkIn(received: ReceivedMail | undefined): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/u.exec(received?.parsed.text ?? "")?.[0];
  if (!link) throw new Error("no link in the mail");
  return link;
}

async function follow(link: string): Promise<URLSearchParams> {
  const response = await server.app.request(link);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location") ?? "");
  return Object.assign(new URLSearchParams(location.hash.slice(1)), { path: location.pathname });
}

async function outboxRows(): Promise<{ kind: string; recipient: string }[]> {
  const { rows } = await server.db.query<{ kind: string; recipient: string }>(
    "select kind, recipient from public.mail_outbox order by id",
  );
  return rows;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  mail = {
    smtpUrl: sink.url,
    from: "Kalima <mail@kalima.example>",
    notifyTo: ["team@kalima.example"],
    notifyLanguage: "ar",
    claimSeconds: 20,
  };
  server = await startTestServer({ mail });
});
afterAll(async () => {
  await sink.stop();
  await server.close();
});
beforeEach(async () => {
  await server.db.query("delete from public.mail_outbox");
  sink.received.length = 0;
});

describe("a team invitation", () => {
  it("is mailed in the inbox's language, and its link signs the new member in once", async () => {
    const admin = clientFor(server, server.keys.service_role);
    const email = `invited-${Date.now()}@example.com`;
    const { error } = await admin.auth.admin.inviteUserByEmail(email, {
      redirectTo: `${testOrigin}/en/inbox`,
    });
    expect(error).toBeNull();
    await drain();

    expect(sink.received).toHaveLength(1);
    const [received] = sink.received;
    expect(received?.envelopeTo).toEqual([email]);
    expect(received?.parsed.subject).toBe("You've been invited to the Kalima team's inbox");
    const link = linkIn(received);
    expect(String(received?.parsed.html)).toContain(link.replaceAll("&", "&amp;"));

    const fragment = await follow(link);
    expect(fragment.get("type")).toBe("invite");
    const { data } = await clientFor(server, server.keys.anon).auth.getUser(
      fragment.get("access_token") ?? "",
    );
    expect(data.user?.email).toBe(email);
    expect((await follow(link)).get("error_code")).toBe("otp_expired");
  });
});

describe("a password reset", () => {
  async function member(email: string, password: string) {
    const { error } = await clientFor(server, server.keys.anon).auth.signUp({ email, password });
    expect(error).toBeNull();
  }

  it("answers {} for any address, and mails only a known one, in the page's language", async () => {
    const email = `reset-${Date.now()}@example.com`;
    await member(email, "the first long password");
    const visitor = clientFor(server, server.keys.anon);
    const known = await visitor.auth.resetPasswordForEmail(email, {
      redirectTo: `${testOrigin}/inbox`,
    });
    const unknown = await visitor.auth.resetPasswordForEmail(`nobody-${Date.now()}@example.com`, {
      redirectTo: `${testOrigin}/inbox`,
    });
    expect(known).toEqual({ data: {}, error: null });
    expect(unknown).toEqual({ data: {}, error: null });
    expect(await outboxRows()).toEqual([{ kind: "recovery", recipient: email }]);

    await drain();
    expect(sink.received).toHaveLength(1);
    const [received] = sink.received;
    expect(received?.envelopeTo).toEqual([email]);
    expect(received?.parsed.subject).toBe("إعادة تعيين كلمة المرور");

    const fragment = await follow(linkIn(received));
    expect(fragment.get("type")).toBe("recovery");
    const accessToken = fragment.get("access_token") ?? "";
    const refreshToken = fragment.get("refresh_token") ?? "";
    const signedIn = clientFor(server, server.keys.anon);
    await signedIn.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    const changed = await signedIn.auth.updateUser({ password: "the second long password" });
    expect(changed.error).toBeNull();
    const again = await clientFor(server, server.keys.anon).auth.signInWithPassword({
      email,
      password: "the second long password",
    });
    expect(again.error).toBeNull();
    expect((await follow(linkIn(received))).get("error_code")).toBe("otp_expired");
  });

  it("mails one link a minute to an address, as GoTrue does", async () => {
    const email = `twice-${Date.now()}@example.com`;
    await member(email, "a long enough password");
    const visitor = clientFor(server, server.keys.anon);
    expect((await visitor.auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await visitor.auth.resetPasswordForEmail(email);
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe("over_email_send_rate_limit");
    expect(second.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/u,
    );
    expect(await outboxRows()).toHaveLength(1);
  });

  it("asks for an address", async () => {
    const response = await server.app.request("/auth/v1/recover", {
      method: "POST",
      headers: { apikey: server.keys.anon, "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ msg: "Password recovery requires an email" });
  });
});

describe("without mail", () => {
  it("stores the reset token and writes nothing to the outbox", async () => {
    const quiet = await startTestServer();
    try {
      const email = `quiet-${Date.now()}@example.com`;
      const visitor = clientFor(quiet, quiet.keys.anon);
      expect(
        (await visitor.auth.signUp({ email, password: "a long enough password" })).error,
      ).toBeNull();
      expect(await visitor.auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null });
      const { rows } = await quiet.db.query("select 1 from public.mail_outbox");
      expect(rows).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
