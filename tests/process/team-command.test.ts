import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../support/postgres-databases.ts";
import { processEnvironment, type ProcessEnvironment } from "../support/process-environment.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { runServerCommand, spawnServer, type RunningServer } from "../support/spawn-server.ts";

// npm run team as the team runs it: a client of the running server's admin API.
const databaseKind = onPostgres() ? "PostgreSQL" : "the embedded database";
const siteUrl = "http://kalima.test";

describe(`npm run team on ${databaseKind}`, () => {
  let place: ProcessEnvironment;
  let dataDir: string;
  let server: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    place = await processEnvironment("team", { SITE_URL: siteUrl });
    ({ dataDir, env } = place);
    server = await spawnServer(env, dataDir);
  });
  afterAll(async () => {
    await server.stop();
    await place.remove();
  });

  const team = (...args: string[]) =>
    runServerCommand("team", args, { ...env, PORT: new URL(server.url).port }, dataDir);

  it("invites with a one-time link, lists, resets factors and removes a member", async () => {
    const invited = await team(
      "invite",
      "Layla@Example.org",
      "--language",
      "en",
      "--name",
      " ليلى حداد ",
    );
    expect(invited).toMatchObject({ code: 0, stderr: "" });
    const link = /^(http\S+)$/mu.exec(invited.stdout)?.[1] ?? "";
    expect(link).toMatch(
      /^http:\/\/kalima\.test\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=invite&redirect_to=http:\/\/kalima\.test\/en\/inbox$/u,
    );
    expect((await team("list")).stdout).toBe("layla@example.org\tليلى حداد\tinvited\n");

    // The link, followed on this server, signs the member in once.
    const onServer = link.replace(siteUrl, server.url);
    const followed = await fetch(onServer, { redirect: "manual" });
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toMatch(
      /^http:\/\/kalima\.test\/en\/inbox#access_token=[\w.-]+&expires_at=\d+&expires_in=3600&refresh_token=[a-z0-9]{12}&sb=&token_type=bearer&type=invite$/u,
    );
    const again = await fetch(onServer, { redirect: "manual" });
    expect(again.headers.get("location")).toContain("error_code=otp_expired");
    expect((await team("list")).stdout).toMatch(
      /^layla@example\.org\tليلى حداد\tno authenticator app yet, last signed in \S+\n$/u,
    );
    // The name travels in the member's token, as supabase-js's updateUser({ data }) leaves it.
    const token = /access_token=([\w.-]+)/u.exec(followed.headers.get("location") ?? "")?.[1] ?? "";
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
      user_metadata?: Record<string, unknown>;
    };
    expect(claims.user_metadata).toMatchObject({ full_name: "ليلى حداد" });
    expect(await team("rename", "layla@example.org", "--name", "Layla Haddad")).toMatchObject({
      code: 0,
      stdout: "layla@example.org is now named Layla Haddad.\n",
    });
    expect((await team("list")).stdout).toMatch(/^layla@example\.org\tLayla Haddad\t/u);
    expect(await team("rename", "nobody@example.org", "--name", "Nobody")).toMatchObject({
      code: 1,
      stderr: "nobody@example.org is not on the team\n",
    });

    const existing = await team("invite", "layla@example.org");
    expect(existing.stdout).toBe(
      `layla@example.org already had an account and is now a member: they sign in at ${siteUrl}/inbox\n`,
    );
    expect((await team("reset-factors", "layla@example.org")).stdout).toContain(
      "Deleted 0 factors of layla@example.org",
    );
    // A forgotten password, mail off: a one-time link back to the inbox, marked as a reset.
    const reset = await team("reset-password", "Layla@example.org", "--language", "en");
    expect(reset).toMatchObject({ code: 0, stderr: "" });
    expect(reset.stdout).toMatch(
      /^Send Layla@example\.org this link; it works once, for 24 hours: they enter their authenticator code, then choose a new password:\nhttp:\/\/kalima\.test\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=recovery&redirect_to=http%3A%2F%2Fkalima\.test%2Fen%2Finbox%3Frecovery%3D1\n$/u,
    );
    const resetLink = (/^(http\S+)$/mu.exec(reset.stdout)?.[1] ?? "").replace(siteUrl, server.url);
    const resetFollowed = await fetch(resetLink, { redirect: "manual" });
    expect(resetFollowed.headers.get("location")).toMatch(
      /^http:\/\/kalima\.test\/en\/inbox\?recovery=1#access_token=[\w.-]+&.*type=recovery$/u,
    );
    expect(await team("reset-password", "nobody@example.org")).toMatchObject({
      code: 1,
      stderr: "nobody@example.org is not on the team\n",
    });
    expect((await team("remove", "layla@example.org")).code).toBe(0);
    expect((await team("list")).stdout).toBe("No members yet: npm run team -- invite <email>\n");
    const gone = await team("remove", "layla@example.org");
    expect(gone).toMatchObject({ code: 1, stderr: "layla@example.org is not on the team\n" });
  });

  it.each([
    [[], "Unknown command (none)"],
    [["invite"], "invite needs an email address"],
    [["invite", "a@example.org", "--language", "fr"], "--language must be ar or en, not fr"],
    [["promote", "a@example.org"], "Unknown command promote"],
    [["rename", "a@example.org"], "rename needs --name"],
    [["list", "--name", "Layla"], "--name goes with invite or rename, not list"],
  ])("refuses %j with a usage line", async (args, message) => {
    const result = await team(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Usage:");
  });

  it.each([
    ["  ", "--name is empty"],
    ["ل".repeat(81), "--name is longer than 80 characters"],
    ["Layla\u202eadmin", "--name holds a line break, a control character or a direction mark"],
  ])("refuses the name %j before asking the server", async (name, message) => {
    const result = await team("invite", "b@example.org", "--name", name);
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toContain(message);
    expect((await team("list")).stdout).not.toContain("b@example.org");
  });

  it("says so when no server is listening", async () => {
    const result = await runServerCommand("team", ["list"], { ...env, PORT: "9" }, dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is the server running at http://127.0.0.1:9?");
  });
});

describe(`npm run team with mail on ${databaseKind}`, () => {
  let place: ProcessEnvironment;
  let dataDir: string;
  let server: RunningServer;
  let sink: SmtpSink;
  let env: Record<string, string>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    place = await processEnvironment("team_mail", {
      SITE_URL: siteUrl,
      SMTP_URL: sink.url,
      MAIL_FROM: "Kalima <mail@kalima.example>",
      NOTIFY_TO: "team@kalima.example",
    });
    ({ dataDir, env } = place);
    server = await spawnServer(env, dataDir);
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
    await place.remove();
  });

  it("mails the invitation, whose link signs the member in", async () => {
    const invited = await runServerCommand(
      "team",
      ["invite", "sara@example.org"],
      { ...env, PORT: new URL(server.url).port },
      dataDir,
    );
    expect(invited).toMatchObject({ code: 0, stderr: "" });
    expect(invited.stdout).toBe(
      "Invited sara@example.org: the link is on its way by mail; it works once, for 24 hours.\n",
    );
    const [mail] = await sink.waitFor(1);
    expect(mail?.envelopeTo).toEqual(["sara@example.org"]);
    expect(mail?.parsed.subject).toBe("دعوة إلى صندوق وارد فريق كلمة");
    const link = /http\S+\/auth\/v1\/verify\?\S+/u.exec(mail?.parsed.text ?? "")?.[0] ?? "";
    const followed = await fetch(link.replace(siteUrl, server.url), { redirect: "manual" });
    expect(followed.headers.get("location")).toMatch(
      /^http:\/\/kalima\.test\/inbox#access_token=[\w.-]+&.*&type=invite$/u,
    );
  });
});
