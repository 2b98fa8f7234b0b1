import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchAllSubmissions } from "../../src/web/features/inbox/api/fetch-all-submissions.ts";
import { en } from "../../src/web/features/inbox/content/en.ts";
import { submissionsCsv } from "../../src/web/features/inbox/model/csv-export.ts";
import { clientFor } from "../support/contract-target.ts";
import { createMember, type MintedMember } from "../support/member.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { threadMessage } from "../support/thread.ts";

// The inbox's export through supabase-js against our server: each page of submissions is one
// request, with every submission's conversation embedded in it, oldest message first.
let server: TestServer;
let member: MintedMember;

beforeAll(async () => {
  server = await startTestServer();
  member = await createMember(server, { email: "member@example.com" });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.query("delete from public.contact_submissions");
});

/** Submissions stored in this order, a minute apart, oldest first; answers their ids. */
async function stored(...names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, name] of names.entries()) {
    const { rows } = await server.db.query<{ id: number | string }>(
      `insert into public.contact_submissions (name, email, message, form_source, created_at)
       values ($1, 'visitor@example.com', 'كلمة عن البرنامج', 'Contact Page',
               '2026-12-01T10:00:00Z'::timestamptz + make_interval(mins => $2))
       returning id`,
      [name, index],
    );
    ids.push(Number(rows[0]?.id));
  }
  return ids;
}

/** A member's client whose requests are counted. */
async function countingClient() {
  const requests: string[] = [];
  const client = clientFor(
    {
      url: server.url,
      fetch: (input, init) => {
        requests.push(String(input instanceof Request ? input.url : input));
        return server.fetch(input, init);
      },
    },
    server.keys.anon,
    { global: { headers: { Authorization: `Bearer ${await member.bearer()}` } } },
  );
  return { client, requests };
}

describe("the inbox's export", () => {
  it("reads each submission's thread oldest first, in the page's own request", async () => {
    const [layla, omar, noor] = await stored("Layla", "Omar", "Noor");
    // Written out of order: the answer first, then the reply it answers, which came before it.
    await threadMessage(server.db, layla!, {
      direction: "in",
      body: '=HYPERLINK("https://evil.example","شكرًا")',
      created_at: "2026-12-03T11:00:00Z",
    });
    await threadMessage(server.db, layla!, {
      direction: "out",
      author_name: "هدى",
      author_email: "huda@kalima.example",
      body: "يبدأ البرنامج في آذار.",
      created_at: "2026-12-03T10:15:00.123456Z",
    });
    await threadMessage(server.db, noor!, {
      direction: "out",
      author_email: "sami@kalima.example",
      body: "Received, thank you",
      created_at: "2026-12-02T09:00:00Z",
    });

    const { client, requests } = await countingClient();
    const rows = await fetchAllSubmissions({ form: "all", status: "all", text: "" }, client, 2);
    expect(rows.map((row) => row.id)).toEqual([layla, omar, noor]);
    // Three submissions in pages of two: two pages and the empty one that ends the reading.
    expect(requests).toHaveLength(3);
    expect(rows[0]?.submission_messages).toEqual([
      {
        direction: "out",
        kind: null,
        author_name: "هدى",
        author_email: "huda@kalima.example",
        body: "يبدأ البرنامج في آذار.",
        created_at: expect.stringMatching(/^2026-12-03T10:15:00\.123456/u) as unknown,
      },
      {
        direction: "in",
        kind: "answer",
        author_name: null,
        author_email: null,
        body: '=HYPERLINK("https://evil.example","شكرًا")',
        created_at: expect.stringMatching(/^2026-12-03T11:00:00/u) as unknown,
      },
    ]);
    expect(rows[1]?.submission_messages).toEqual([]);

    const lines = submissionsCsv(rows, en, "UTC").split("\r\n");
    expect(lines[1]).toMatch(
      /,"2026-12-03 10:15:00 \+00:00 · reply · هدى: يبدأ البرنامج في آذار\.\n\n2026-12-03 11:00:00 \+00:00 · answer · =HYPERLINK\(""https:\/\/evil\.example"",""شكرًا""\)"$/u,
    );
    expect(lines[2]).toMatch(/,$/u);
    expect(lines[3]).toMatch(
      /,"2026-12-02 09:00:00 \+00:00 · reply · sami@kalima\.example: Received, thank you"$/u,
    );
  });

  it("embeds the thread in a search's rows too", async () => {
    const [layla] = await stored("Layla", "Omar");
    await threadMessage(server.db, layla!, {
      direction: "in",
      body: "نعم",
      created_at: "2026-12-03T11:00:00Z",
    });
    const rows = await fetchAllSubmissions(
      { form: "Contact Page", status: "new", text: "Layla" },
      await member.client(),
    );
    expect(
      rows.map((row) => [row.name, row.submission_messages.map((message) => message.body)]),
    ).toEqual([["Layla", ["نعم"]]]);
  });
});
