import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("sends the security headers on pages, API answers and errors alike", async () => {
  const key = server.keys.anon;
  const headers = { apikey: key, authorization: `Bearer ${key}` };
  const answers = await Promise.all([
    server.app.request("/contact"),
    server.app.request("/rest/v1/contact_submissions", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Layla",
        email: "layla@example.com",
        message: "Hello",
        form_source: "Contact Page",
      }),
    }),
    server.app.request("/rest/v1/contact_submissions", { headers }),
    server.app.request("/rest/v1/contact_submissions"),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([503, 201, 401, 401]);
  for (const answer of answers) {
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
  }
});
