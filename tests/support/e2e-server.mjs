// The server the browser tests drive: the built site and server, on a fresh embedded database
// in a temporary DATA_DIR that is removed when the server stops.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "kalima-e2e-"));
process.env.DATA_DIR = dataDir;
process.env.JWT_SECRET ??= "e2e-only-secret-for-the-local-browser-tests";
process.env.LOG_REQUESTS = "false";
// Every journey submits from 127.0.0.1: the database's limits per client would soon refuse them.
process.env.SUBMISSION_LIMITS ??= "false";
// And so would the per-client budget on REST requests: held far above what the journeys send.
process.env.API_RATE_LIMIT ??= "100000";
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
// The team's server delivers mail, as a deployment with SMTP_URL does, to an SMTP server of its
// own on this machine that accepts every message: replies from the inbox are sent for real, and
// their delivery reaches the page.
//
// With E2E_IMAP_PORT it also keeps a team mailbox there (an in-memory IMAP server): each mail to a
// visitor is filed in its "Visitors" folder, where a test reads it and answers it into INBOX, which
// the server reads (IMAP_URL) as it reads a real team's mailbox.
if (process.env.E2E_SMTP_SINK === "true") {
  const { SMTPServer } = await import("smtp-server");
  const mailbox = process.env.E2E_IMAP_PORT
    ? await startTeamMailbox(Number(process.env.E2E_IMAP_PORT))
    : undefined;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const toVisitor = session.envelope.rcptTo.some(
          (rcpt) => rcpt.address !== "team@kalima.test",
        );
        if (!mailbox || !toVisitor) return callback();
        mailbox.file("Visitors", Buffer.concat(chunks)).then(
          () => callback(),
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = sink.server.address();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?requireTLS=false`;
  process.env.MAIL_FROM = "Kalima <mail@kalima.test>";
  process.env.NOTIFY_TO = "team@kalima.test";
  process.env.REPLY_TO = "Kalima team <team@kalima.test>";
  if (mailbox) process.env.IMAP_URL = mailbox.url;
}

async function startTeamMailbox(port) {
  const { createRequire } = await import("node:module");
  const { ImapFlow } = await import("imapflow");
  const hoodiecrow = createRequire(import.meta.url)("hoodiecrow-imap");
  const server = hoodiecrow({
    plugins: ["IDLE", "ENABLE", "UIDPLUS", "ID"],
    storage: {
      INBOX: { messages: [] },
      "": { separator: "/", folders: { Visitors: { messages: [] } } },
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const url = `imap://testuser:testpass@127.0.0.1:${port}/INBOX`;
  return {
    url,
    async file(folder, raw) {
      const client = new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: false,
        auth: { user: "testuser", pass: "testpass" },
        logger: false,
      });
      await client.connect();
      try {
        await client.append(folder, raw);
      } finally {
        await client.logout();
      }
    },
  };
}
await import("../../dist/server/main.js");
