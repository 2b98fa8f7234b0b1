import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendChunkedJson } from "../support/chunked-body.ts";
import { rssGrowth } from "../support/rss.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

// A JSON body is counted as it streams: one over 1 MB sent without a length is refused before
// the rest of it is read, on every route that reads one, whoever sends it. Over a real socket,
// since only a socket lets a client keep sending after the answer; so only against our server.
const megabyte = 1024 * 1024;
let server: TestServer;
let listener: ServerType;
let origin: string;

beforeAll(async () => {
  server = await startTestServer();
  listener = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: server.app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    if ("closeAllConnections" in listener) listener.closeAllConnections();
    listener.close(() => resolve());
  });
  await server.close();
});

function sendChunked(method: string, path: string, total: number, key = server.keys.service_role) {
  return sendChunkedJson(`${origin}/storage/v1${path}`, { method, total, key });
}

const routes: { method: string; path: string }[] = [
  { method: "POST", path: "/bucket" },
  { method: "PUT", path: "/bucket/site-media" },
  { method: "POST", path: "/bucket/site-media/empty" },
  { method: "POST", path: "/object/list/site-media" },
  { method: "POST", path: "/object/list-v2/site-media" },
  { method: "POST", path: "/object/move" },
  { method: "POST", path: "/object/copy" },
  { method: "POST", path: "/object/sign/site-media/photo.png" },
  { method: "POST", path: "/object/sign/site-media" },
  { method: "POST", path: "/object/upload/sign/site-media/photo.png" },
  { method: "DELETE", path: "/object/site-media" },
];

describe.runIf(!process.env.CONTRACT_SUPABASE_URL)("a JSON body over 1 MB without a length", () => {
  it("of 64 MB to an anonymous list grows the process by under 10 MB", async ({ annotate }) => {
    // The first request of a process sizes V8's heap, once; measured first, before others grow it.
    await sendChunked("POST", "/object/list/site-media", 512 * 1024, server.keys.anon);
    const measured = await rssGrowth(() =>
      sendChunked("POST", "/object/list/site-media", 64 * megabyte, server.keys.anon),
    );
    expect(measured.value.status).toBe(400);
    const growth = measured.growth / megabyte;
    await annotate(`RSS grew by at most ${growth.toFixed(1)} MB for a 64 MB chunked JSON body`);
    expect(growth).toBeLessThan(10);
  }, 60_000);

  it.each(routes)(
    "$method $path is refused before the body is read whole",
    async ({ method, path }) => {
      const answer = await sendChunked(method, path, 64 * megabyte);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        statusCode: "413",
        error: "Payload too large",
        message: "The object exceeded the maximum allowed size",
      });
      expect(answer.sent).toBeLessThan(8 * megabyte);
    },
    60_000,
  );

  it("under the limit, is read as any other body", async () => {
    const answer = await sendChunked("POST", "/object/list/site-media", 512 * 1024);
    expect(answer).toMatchObject({ status: 200, body: [] });
  });
});
