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
