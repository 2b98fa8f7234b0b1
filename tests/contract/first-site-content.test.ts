import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { initialSiteContent } from "../../src/web/content/initial-site-content.ts";

// The site's first words have one source, the content modules, read through each section's
// initial content (src/web/content/initial-site-content.ts). A new database gets them from its
// migrations, where 20261126000600 keeps them as history (docs/decisions/0041): what a fresh
// database holds, drafts and first version, is held here to the modules, on both databases.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("publishes first, on a new install, exactly what the content modules say today", async () => {
  const { rows: versions } = await server.db.query<{ content: unknown; changed: string[] }>(
    "select content, changed from public.site_content_versions order by id limit 1",
  );
  expect(versions[0]?.content).toEqual(initialSiteContent());
  expect(versions[0]?.changed).toEqual(Object.keys(initialSiteContent()).sort());
});

it("holds the same content as the first drafts, one row a section", async () => {
  const { rows } = await server.db.query<{ section: string; body: unknown }>(
    "select section, body from public.site_content_drafts order by section",
  );
  expect(Object.fromEntries(rows.map((row) => [row.section, row.body]))).toEqual(
    initialSiteContent(),
  );
});
