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
await import("../../dist/server/main.js");
