import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// Storage requests are held to API_RATE_LIMIT as REST's are (2 a minute here, bursts of 30),
// counted apart from REST's, and answered in Supabase Storage's shape.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ apiRateLimit: 2, trustProxyHeader: "x-forwarded-for" });
});
afterAll(() => server.close());

function listBuckets(address: string, key: string) {
  return server.app.request("/storage/v1/bucket", {
    headers: { apikey: key, authorization: `Bearer ${key}`, "x-forwarded-for": address },
  });
}

describe("the per-client budget on storage requests", () => {
  it("answers anon's 31st request with 429 and Retry-After, leaving REST's budget whole", async () => {
    for (let index = 0; index < 30; index += 1) {
      expect((await listBuckets("192.0.2.20", server.keys.anon)).status).toBe(200);
    }
    const refused = await listBuckets("192.0.2.20", server.keys.anon);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({
      statusCode: "429",
      code: "SlowDown",
      error: "too_many_requests",
      message: "Too many requests from this client",
    });
    const rest = await server.app.request("/rest/v1/contact_submissions?select=id&limit=1", {
      headers: { apikey: server.keys.anon, "x-forwarded-for": "192.0.2.20" },
    });
    expect(rest.status).not.toBe(429);
  });

  it("leaves keyless public and signed reads and renders out of it: a shared address keeps its photos", async () => {
    const key = server.keys.service_role;
    const headers = { apikey: key, authorization: `Bearer ${key}` };
    const photo = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#c90" },
    })
      .png()
      .toBuffer();
    const uploaded = await server.app.request("/storage/v1/object/site-media/budget/a.png", {
      method: "POST",
      headers: { ...headers, "content-type": "image/png" },
      body: photo,
    });
    expect(uploaded.status).toBe(200);
    const signing = await server.app.request("/storage/v1/object/sign/site-media/budget/a.png", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    const { signedURL } = (await signing.json()) as { signedURL: string };
    const reads = [
      "/storage/v1/object/public/site-media/budget/a.png",
      `/storage/v1${signedURL}`,
      "/storage/v1/render/image/public/site-media/budget/a.png?width=2",
    ];
    for (const path of reads) {
      for (let index = 0; index < 40; index += 1) {
        const read = await server.app.request(path, {
          headers: { "x-forwarded-for": "192.0.2.22" },
        });
        expect(read.status).toBe(200);
      }
    }
    const listed = await listBuckets("192.0.2.22", server.keys.anon);
    expect(listed.status).toBe(200);
  });

  it("leaves the service role unmetered", async () => {
    for (let index = 0; index < 35; index += 1) {
      expect((await listBuckets("192.0.2.21", server.keys.service_role)).status).toBe(200);
    }
  });
});

describe("the gateway in front of storage", () => {
  it("asks an API key of every request but public and signed reads", async () => {
    const unkeyed = await server.app.request("/storage/v1/bucket");
    expect(unkeyed.status).toBe(401);
    expect(await unkeyed.json()).toMatchObject({ message: "No API key found in request" });
    const publicRead = await server.app.request("/storage/v1/object/public/site-media/none.png");
    expect(publicRead.status).toBe(400);
    expect(await publicRead.json()).toMatchObject({
      statusCode: "404",
      message: "Object not found",
    });
    const upload = await server.app.request("/storage/v1/object/site-media/none.png", {
      method: "POST",
      body: "x",
    });
    expect(upload.status).toBe(401);
  });

  it("lets an allowed origin send storage-js's upload headers", async () => {
    const preflight = await server.app.request("/storage/v1/object/site-media/a.png", {
      method: "OPTIONS",
      headers: {
        origin: "https://allowed.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-upsert,x-metadata,cache-control",
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get("access-control-allow-headers")?.split(",") ?? [];
    expect(allowed).toEqual(expect.arrayContaining(["x-upsert", "x-metadata", "cache-control"]));
  });

  it("serves an uploaded page sandboxed, never as a page of the site's origin", async () => {
    const key = server.keys.service_role;
    const headers = { apikey: key, authorization: `Bearer ${key}` };
    const made = await server.app.request("/storage/v1/bucket", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "pages", public: true }),
    });
    expect(made.status).toBe(200);
    const uploaded = await server.app.request("/storage/v1/object/pages/evil.html", {
      method: "POST",
      headers: { ...headers, "content-type": "text/html" },
      body: "<script>localStorage.clear()</script>",
    });
    expect(uploaded.status).toBe(200);
    const served = await server.app.request("/storage/v1/object/public/pages/evil.html", {
      headers: { origin: "https://allowed.example" },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("text/html");
    expect(served.headers.get("content-security-policy")).toMatch(/^sandbox;/u);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("access-control-allow-origin")).toBe("https://allowed.example");
    expect(await served.text()).toBe("<script>localStorage.clear()</script>");
  });

  it("removes one object by its address, and says when there was none", async () => {
    const key = server.keys.service_role;
    const headers = { apikey: key, authorization: `Bearer ${key}` };
    await server.app.request("/storage/v1/bucket", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "singles" }),
    });
    await server.app.request("/storage/v1/object/singles/once.txt", {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: "once",
    });
    const removed = await server.app.request("/storage/v1/object/singles/once.txt", {
      method: "DELETE",
      headers,
    });
    expect(await removed.json()).toEqual({ message: "Successfully deleted" });
    const again = await server.app.request("/storage/v1/object/singles/once.txt", {
      method: "DELETE",
      headers,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ statusCode: "404", message: "Object not found" });
  });

  it("answers a path it does not serve in Supabase Storage's shape", async () => {
    const answer = await server.app.request("/storage/v1/nowhere", {
      headers: { apikey: server.keys.anon },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ statusCode: "404", error: "Not Found" });
  });
});
