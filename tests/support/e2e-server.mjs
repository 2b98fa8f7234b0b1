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
if (process.env.E2E_SMTP_SINK === "true") {
  const { SMTPServer } = await import("smtp-server");
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = sink.server.address();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}?requireTLS=false`;
  process.env.MAIL_FROM = "Kalima <mail@kalima.test>";
  process.env.NOTIFY_TO = "team@kalima.test";
  process.env.REPLY_TO = "Kalima team <team@kalima.test>";
}
await import("../../dist/server/main.js");
