import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database.ts";
import { outboxReader } from "./outbox.ts";

/** What the server counts, for GET /metrics on its own listener (metrics-server.ts). */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"family" | "status">;
  httpRequestDuration: Histogram<"family">;
  databaseQueueWait: Histogram<"family">;
  submissions: Counter<"outcome">;
  signInFailures: Counter<"reason">;
  totpLockouts: Counter;
}

// A page is answered in milliseconds, a sign-in in about 100 (bcrypt); the top buckets catch
// statements near their bounds (3 s for anon, 8 s for a member).
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// A visitor's insert waits a few milliseconds behind others at most (docs/decisions/0022).
const queueWaitBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * A registry of its own, so that two apps in one process (tests) count apart, with Node's
 * default metrics (event-loop lag, memory, CPU, handles) beside Kalima's.
 */
export function createMetrics(db: Pick<Database, "query">): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const readOutbox = outboxReader(db);

  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: "kalima_http_requests_total",
      help: "Requests answered on the public port, by route family and status code.",
      labelNames: ["family", "status"],
      registers: [registry],
    }),
    httpRequestDuration: new Histogram({
      name: "kalima_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's headers, by route family.",
      labelNames: ["family"],
      buckets: requestBuckets,
      registers: [registry],
    }),
    databaseQueueWait: new Histogram({
      name: "kalima_database_queue_wait_seconds",
      help: "How long a request's statements waited, together, for the embedded database's connection (db_wait_ms in the request log), by route family.",
      labelNames: ["family"],
      buckets: queueWaitBuckets,
      registers: [registry],
    }),
    submissions: new Counter({
      name: "kalima_submissions_total",
      help: "Submissions (messages and registrations, counted by row) by outcome: stored, spam, duplicate, limit, ceiling, invalid, error.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    signInFailures: new Counter({
      name: "kalima_auth_sign_in_failures_total",
      help: "Password sign-ins (POST /auth/v1/token?grant_type=password) refused, by error code.",
      labelNames: ["reason"],
      registers: [registry],
    }),
    totpLockouts: new Counter({
      name: "kalima_auth_totp_lockouts_total",
      help: "TOTP verifications refused (429) because the factor or its user has too many wrong codes in 15 minutes.",
      registers: [registry],
    }),
  };

  new Gauge({
    name: "kalima_mail_outbox_up",
    help: "1 when the mail outbox was read for this scrape, 0 when the database did not answer within a second.",
    registers: [registry],
    async collect() {
      this.set((await readOutbox()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "kalima_mail_outbox_mails",
    help: "Mails in the outbox by status: pending (waiting to be sent or tried again) and failed (given up).",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const outbox = await readOutbox();
      this.reset();
      if (!outbox) return;
      this.set({ status: "pending" }, outbox.pending);
      this.set({ status: "failed" }, outbox.failed);
    },
  });
  new Gauge({
    name: "kalima_mail_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest pending mail; 0 when none is pending, NaN when the outbox was not read.",
    registers: [registry],
    async collect() {
      const outbox = await readOutbox();
      this.set(outbox ? outbox.oldestPendingSeconds : Number.NaN);
    },
  });
  new Gauge({
    name: "kalima_mailbox_last_read_age_seconds",
    help: "Seconds since the team's mailbox (IMAP_URL) was last read for visitors' answers, by any instance; NaN when it never was or the database did not answer.",
    registers: [registry],
    async collect() {
      const outbox = await readOutbox();
      this.set(outbox ? outbox.mailboxReadSeconds : Number.NaN);
    },
  });
  return metrics;
}
