import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { threadMessage } from "../../../tests/support/thread.ts";
import { exportSubmissions, type ExportFormat } from "./submissions-export.ts";

// `npm run export`'s rows with their conversation, read from the database as the command reads
// them; the command itself, its arguments and a large export are in tests/process/operations.
let server: TestServer;
let answered: string;
let quiet: string;

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message, form_source, created_at)
     values ('Layla', 'layla@example.com', 'متى يبدأ البرنامج؟', 'Mutakallim Program', '2026-12-01T09:00:00Z'),
            ('Omar', 'omar@example.com', 'Hello', 'Contact Page', '2026-12-01T09:05:00Z')
     returning id::text`,
  );
  [answered = "", quiet = ""] = rows.map((row) => row.id);
  // The answer is written first, the reply it answers after: the export orders by time.
  await threadMessage(server.db, answered, {
    direction: "in",
    body: '=HYPERLINK("https://evil.example","شكرًا")\nسطر ثانٍ',
    created_at: "2026-12-03T11:00:00.5+03:00",
  });
  await threadMessage(server.db, answered, {
    direction: "out",
    author_name: "هدى",
    author_email: "huda@kalima.example",
    body: "يبدأ في آذار, إن شاء الله",
    created_at: "2026-12-03T07:15:00.123456Z",
  });
});
afterAll(() => server.close());

async function exported(format: ExportFormat): Promise<string> {
  let text = "";
  const count = await exportSubmissions(server.db, { format, since: undefined }, (chunk) => {
    text += chunk;
    return Promise.resolve();
  });
  expect(count).toBe(2);
  return text;
}

describe("npm run export's conversation", () => {
  it("is the CSV's last column: each message oldest first after its UTC time, none an empty cell", async () => {
    expect((await exported("csv")).split("\r\n")).toEqual([
      "\uFEFFid,created_at,name,email,phone,message,form_source,status,note,conversation",
      `${answered},2026-12-01T09:00:00.000000Z,Layla,layla@example.com,,متى يبدأ البرنامج؟,Mutakallim Program,new,,` +
        '"2026-12-03T07:15:00.123456Z · reply · هدى: يبدأ في آذار, إن شاء الله\n\n' +
        '2026-12-03T08:00:00.500000Z · answer · =HYPERLINK(""https://evil.example"",""شكرًا"")\nسطر ثانٍ"',
      `${quiet},2026-12-01T09:05:00.000000Z,Omar,omar@example.com,,Hello,Contact Page,new,,`,
      "",
    ]);
  });

  it("is an array of messages in JSON, oldest first, empty without a thread", async () => {
    const rows = JSON.parse(await exported("json")) as { id: number; conversation: unknown }[];
    expect(rows.map((row) => [row.id, row.conversation])).toEqual([
      [
        Number(answered),
        [
          {
            direction: "out",
            kind: null,
            author_name: "هدى",
            author_email: "huda@kalima.example",
            body: "يبدأ في آذار, إن شاء الله",
            created_at: "2026-12-03T07:15:00.123456Z",
          },
          {
            direction: "in",
            kind: "answer",
            author_name: null,
            author_email: null,
            body: '=HYPERLINK("https://evil.example","شكرًا")\nسطر ثانٍ',
            created_at: "2026-12-03T08:00:00.500000Z",
          },
        ],
      ],
      [Number(quiet), []],
    ]);
  });
});
