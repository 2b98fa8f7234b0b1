import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { Logger } from "../log.ts";
import { upkeepEmbedded } from "./upkeep.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: (message, fields) => lines.push({ level: "info", message, ...(fields && { fields }) }),
    warn: (message, fields) => lines.push({ level: "warn", message, ...(fields && { fields }) }),
    error: (message, fields) => lines.push({ level: "error", message, ...(fields && { fields }) }),
  };
  return { logger, lines };
}

describe("upkeep of the embedded database", () => {
  it("analyzes, so the planner knows the table's size, and says so in the log", async () => {
    await server.db.query(
      `insert into public.contact_submissions (name, email, message, form_source)
       select 'Name ' || n, 'n' || n || '@example.com', 'Message ' || n, 'Contact Page'
         from generate_series(1, 2000) as n`,
    );
    const { logger, lines } = recordingLogger();
    await upkeepEmbedded(server.db, logger, "vacuum analyze");
    const { rows } = await server.db.query<{ reltuples: number }>(
      "select reltuples::int as reltuples from pg_class where oid = 'public.contact_submissions'::regclass",
    );
    expect(rows[0]?.reltuples).toBe(2000);
    expect(lines).toEqual([
      {
        level: "info",
        message: "embedded database upkeep",
        fields: { work: "vacuum analyze", ms: expect.any(Number) as number },
      },
    ]);
  });

  it("logs a failure instead of throwing", async () => {
    const { logger, lines } = recordingLogger();
    const broken = { exec: () => Promise.reject(new Error("closed")) };
    await upkeepEmbedded(broken, logger, "analyze");
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ["error", "embedded database upkeep failed"],
    ]);
  });
});
