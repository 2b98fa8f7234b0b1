import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { defaultRetention } from "../shared/retention.ts";
import { applyRetention } from "./retention.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("deletes old spam as the server's hourly run does, and logs how many", async () => {
  await server.db.query(
    `insert into public.contact_submissions (name, email, message, form_source, status, created_at)
     values ('Bot', 'bot@example.com', 'Buy', 'Contact Page', 'spam', now() - interval '45 days'),
            ('Layla', 'layla@example.com', 'Hello', 'Contact Page', 'new', now() - interval '45 days')`,
  );
  const logged: unknown[] = [];
  const log = { info: (...entry: unknown[]) => logged.push(entry), warn() {}, error() {} };
  expect(await applyRetention(server.db, log)).toBe(1);
  expect(logged).toEqual([["retention deleted submissions", { removed: 1 }]]);
  const { rows } = await server.db.query<{ email: string }>(
    "select email from public.contact_submissions",
  );
  expect(rows).toEqual([{ email: "layla@example.com" }]);
  expect(await applyRetention(server.db, log)).toBe(0);
});

it("starts with the retention the pages state beside each form and on the privacy page", async () => {
  const { rows } = await server.db.query<{ spam_days: number; keep_months: number | null }>(
    "select spam_days, keep_months from private.retention",
  );
  expect(rows).toEqual([
    { spam_days: defaultRetention.spamDays, keep_months: defaultRetention.keepMonths },
  ]);
});
