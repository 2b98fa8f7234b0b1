import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// The render routes over HTTP: first renders bounded per client address, and a render whose
// requester has gone never done.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ firstRendersPerClient: 2, trustProxyHeader: "x-forwarded-for" });
  const key = server.keys.service_role;
  for (const name of ["one", "two", "three", "left"]) {
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#a52" },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await server.app.request(`/storage/v1/object/site-media/renders/${name}.jpg`, {
      method: "POST",
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "image/jpeg" },
      body: photo,
    });
    expect(uploaded.status).toBe(200);
  }
});
afterAll(() => server.close());

/** Takes every render slot until released. */
function holdTheQueue(): { release: () => void; held: Promise<void> } {
  const releases: (() => void)[] = [];
  const held = Promise.all(
    Array.from({ length: server.images.queue.bound.running }, () =>
      server.images.queue.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    ),
  ).then(() => {});
  return { release: () => releases.forEach((release) => release()), held };
}

function render(name: string, address: string, signal?: AbortSignal): Promise<Response> {
  return Promise.resolve(
    server.app.request(`/storage/v1/render/image/public/site-media/renders/${name}.jpg?width=16`, {
      headers: { "x-forwarded-for": address },
      ...(signal ? { signal } : {}),
    }),
  );
}

describe("a WebP photo to a browser without WebP", () => {
  it("answers JPEG, and WebP to one that takes it, varying by Accept", async () => {
    const key = server.keys.service_role;
    const photo = await sharp({
      create: {
        width: 40,
        height: 30,
        channels: 4,
        background: { r: 170, g: 85, b: 34, alpha: 0.5 },
      },
    })
      .webp()
      .toBuffer();
    const uploaded = await server.app.request("/storage/v1/object/site-media/renders/editor.webp", {
      method: "POST",
      headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "image/webp" },
      body: photo,
    });
    expect(uploaded.status).toBe(200);
    const url =
      "/storage/v1/render/image/public/site-media/renders/editor.webp?width=20&height=20&resize=cover";
    const as = async (accept: string | undefined) => {
      const answer = await server.app.request(url, {
        headers: { "x-forwarded-for": "192.0.2.60", ...(accept ? { accept } : {}) },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("vary")).toMatch(/\bAccept\b/u);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const facts = await sharp(bytes).metadata();
      return {
        type: answer.headers.get("content-type"),
        format: facts.format,
        alpha: facts.hasAlpha,
        etag: answer.headers.get("etag"),
      };
    };
    const safari13 = await as("image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5");
    expect(safari13).toMatchObject({ type: "image/jpeg", format: "jpeg", alpha: false });
    expect(await as(undefined)).toMatchObject({ type: "image/jpeg", format: "jpeg" });
    const chrome = await as("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8");
    expect(chrome).toMatchObject({ type: "image/webp", format: "webp" });
    expect(chrome.etag).not.toBe(safari13.etag);
  });
});

describe("first renders per client address", () => {
  it("answers a visitor's third first render at once with 429 SlowDown while two wait", async () => {
    const { release, held } = holdTheQueue();
    const slots = server.images.queue.bound.running;
    const waiting = [render("one", "192.0.2.40"), render("two", "192.0.2.40")];
    await expect.poll(() => server.images.queue.load).toBe(slots + 2);
    const refused = await render("three", "192.0.2.40");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({
      statusCode: "429",
      code: "SlowDown",
      error: "Too Many Requests",
      message: "Rate limit exceeded, retry in 1 second",
    });
    const neighbour = render("three", "192.0.2.41");
    release();
    await held;
    for (const answer of [...(await Promise.all(waiting)), await neighbour]) {
      expect(answer.status).toBe(200);
    }
  });
});

describe("a render whose requester has gone", () => {
  it("leaves the queue and is never done", async () => {
    const { release, held } = holdTheQueue();
    const slots = server.images.queue.bound.running;
    const rendered = server.images.cache.count;
    const leaving = new AbortController();
    const answer = render("left", "192.0.2.42", leaving.signal);
    await expect.poll(() => server.images.queue.load).toBe(slots + 1);
    leaving.abort();
    expect((await answer).status).toBe(499);
    expect(server.images.queue.load).toBe(slots);
    release();
    await held;
    expect(server.images.cache.count).toBe(rendered);
  });
});
