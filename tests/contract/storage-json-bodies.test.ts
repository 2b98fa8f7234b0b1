import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

interface ChunkedAnswer {
  status: number;
  body: unknown;
  /** The bytes written before the answer came. */
  sent: number;
}

/**
 * Sends `{"prefix":"aaa…"}` of `total` bytes with Transfer-Encoding: chunked, a chunk at a time
 * as the socket takes them, and stops writing when the answer comes.
 */
function sendChunked(
  method: string,
  path: string,
  total: number,
  key = server.keys.service_role,
): Promise<ChunkedAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}/storage/v1${path}`, {
      method,
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
    });
    const opening = Buffer.from('{"prefix":"');
    const closing = Buffer.from('"}');
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        request.destroy();
        const text = Buffer.concat(parts).toString("utf8");
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null, sent });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = (): void => {
      while (!answered) {
        const room = total - sent - closing.length;
        if (room <= 0) {
          request.end(closing);
          return;
        }
        const part = sent === 0 ? opening : chunk.subarray(0, Math.min(chunk.length, room));
        sent += part.length;
        if (!request.write(part)) {
          request.once("drain", write);
          return;
        }
      }
    };
    write();
  });
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
