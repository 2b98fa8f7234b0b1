import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StatusCounts } from "../../src/web/features/inbox/api/count-by-status.ts";
import { querySubmissions } from "../../src/web/features/inbox/api/query-submissions.ts";
import { matchingCount } from "../../src/web/features/inbox/model/count.ts";
import {
  statusArguments,
  statusesOfAll,
  type SubmissionFilter,
} from "../../src/web/features/inbox/model/filter.ts";
import {
  submissionStatuses,
  type SubmissionStatus,
} from "../../src/web/features/inbox/model/submission.ts";
import { clientFor } from "../support/contract-target.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// The spam rule ("all" is every status but spam) is written once for the browser
// (model/filter.ts) and once more in the database's SQL: search_submissions and
// set_status_of_matches under `spam => false`, and search_submission_counts' unread count. Each
// is asked here as the inbox asks it, and must leave out exactly what the browser's rule does.
let server: TestServer;
let member: SupabaseClient;
const memberId = randomUUID();

beforeAll(async () => {
  server = await startTestServer();
  await server.db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', 'member@example.com', '{"team": true}', now(), now())`,
    [memberId],
  );
  const token = await new SignJWT({
    sub: memberId,
    role: "authenticated",
    aal: "aal2",
    email: "member@example.com",
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(server.jwtSecret));
  member = clientFor(server, server.keys.anon, {
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
});
afterAll(() => server.close());

/** Unread submissions named by their status, a different number of each: 1 new, 2 in progress… */
const seeded = (status: SubmissionStatus) => submissionStatuses.indexOf(status) + 1;
beforeEach(async () => {
  await server.db.query("delete from public.contact_submissions");
  for (const status of submissionStatuses) {
    for (let made = 0; made < seeded(status); made += 1) {
      await server.db.query(
        `insert into public.contact_submissions (name, email, message, form_source, status)
         values ($1, 'visitor@example.com', 'Hello reader', 'Contact Page', $1)`,
        [status],
      );
    }
  }
});

const names = (rows: unknown) => (rows as { name: string }[]).map((row) => row.name).sort();
/** The names a filter of these statuses finds. */
const named = (statuses: readonly SubmissionStatus[]) =>
  statuses.flatMap((status) => Array<string>(seeded(status)).fill(status)).sort();
const ofAll = named(statusesOfAll);
const inAll = ofAll.length;
const filters: SubmissionFilter["status"][] = ["all", ...submissionStatuses];

describe("the spam rule, in the browser and in the database", () => {
  it("lists through the table what the rule says, for every status filter", async () => {
    for (const status of filters) {
      const filter: SubmissionFilter = { form: "all", status, text: "" };
      const { data, error } = await querySubmissions(member, filter, "name");
      expect(error).toBeNull();
      expect(names(data), status).toEqual(status === "all" ? ofAll : named([status]));
    }
  });

  it("finds through search_submissions what the table's listing finds, for every status filter", async () => {
    for (const status of filters) {
      const { data, error } = await member
        .rpc("search_submissions", { query: "reader", ...statusArguments(status) }, { get: true })
        .select("name");
      expect(error).toBeNull();
      expect(names(data), status).toEqual(status === "all" ? ofAll : named([status]));
    }
  });

  it("counts in search_submission_counts what the rule counts as all, and as unread", async () => {
    const { data, error } = await member
      .rpc("search_submission_counts", { query: "reader" }, { get: true })
      .overrideTypes<StatusCounts, { merge: false }>();
    expect(error).toBeNull();
    const counts = data as StatusCounts;
    for (const status of submissionStatuses) expect(counts[status], status).toBe(seeded(status));
    expect(matchingCount(counts, "all")).toBe(inAll);
    // Every row is unread: the unread count is of those "all" shows.
    expect(counts.unread).toBe(inAll);
  });

  it("changes through set_status_of_matches exactly what all shows, with and without a search", async () => {
    for (const query of [undefined, "reader"]) {
      const target: SubmissionStatus = query ? "new" : "done";
      const { error } = await member.rpc("set_status_of_matches", {
        new_status: target,
        ...(query ? { query } : {}),
        ...statusArguments("all"),
      });
      expect(error).toBeNull();
      const { rows } = await server.db.query<{ name: string; status: string }>(
        "select name, status from public.contact_submissions order by id",
      );
      expect(rows).toHaveLength(named(submissionStatuses).length);
      for (const row of rows) {
        const kept = (statusesOfAll as readonly SubmissionStatus[]).includes(
          row.name as SubmissionStatus,
        )
          ? target
          : row.name;
        expect(row.status, `${row.name} (query ${query})`).toBe(kept);
      }
    }
  });
});
