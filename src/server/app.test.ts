import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServer,
  testAuthConfig,
  type TestServer,
} from "../../tests/support/test-server.ts";
import { createApp } from "./app.ts";
import { loadSchemaCache } from "./rest/schema-cache.ts";
import type { Site } from "./site/site.ts";

// An unexpected failure answers in the caller's own terms: a page for a visitor, JSON for an API.
let server: TestServer;
let app: ReturnType<typeof createApp>;
const logged: unknown[][] = [];

beforeAll(async () => {
  server = await startTestServer();
  const brokenSite: Site = {
    page: () => {
      throw new Error("the page store failed");
    },
    file: () => undefined,
    routes: () => [],
    checkPage: () => {},
    replacePages: () => {},
  };
  app = createApp({
    config: {
      corsOrigins: [],
      trustProxyHeader: undefined,
      logRequests: false,
      submissionLimits: false,
      siteUrl: "http://kalima.test",
      apiExternalUrl: "http://kalima.test",
      jwtExpiry: 3600,
      auth: testAuthConfig(),
      mail: undefined,
      storage: { ...server.storageConfig, fileSizeLimit: 1024 },
    },
    db: server.db,
    schema: await loadSchemaCache(server.db),
    jwtSecret: server.jwtSecret,
    site: brokenSite,
    storage: server.storage,
    images: server.images,
    log: { info() {}, warn() {}, error: (...entry: unknown[]) => logged.push(entry) },
  });
});
afterAll(() => server.close());

describe("an unexpected failure", () => {
  it("on a page answers an HTML page in both languages, and logs the cause", async () => {
    const answer = await app.request("/about");
    expect(answer.status).toBe(500);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/u);
    const html = await answer.text();
    expect(html).toContain("حدث خطأ في الخادم");
    expect(html).toContain("Something went wrong on the server");
    expect(html).not.toContain("the page store failed");
    // The answer names the request, so a visitor's report leads to the line with its cause.
    const id = answer.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(logged).toContainEqual([
      "unhandled error",
      expect.objectContaining({
        request_id: id,
        path: "/about",
        error: expect.stringContaining("the page store failed") as unknown,
      }),
    ]);
  });

  it("gives every request an id of its own, whatever the client sends", async () => {
    const first = await app.request("/auth/v1/health", { headers: { "x-request-id": "forged" } });
    const second = await app.request("/auth/v1/health");
    const ids = [first, second].map((answer) => answer.headers.get("x-request-id"));
    expect(ids[0]).not.toBe("forged");
    expect(new Set(ids).size).toBe(2);
  });
});
