import { describe, expect, it } from "vitest";
import { ImageError } from "./errors.ts";
import { RenderRateLimiter } from "./rate-limit.ts";

function refusalOf(take: () => void): ImageError | undefined {
  try {
    take();
    return undefined;
  } catch (error) {
    return error as ImageError;
  }
}

describe("RenderRateLimiter", () => {
  it("takes 20 requests in 4 seconds at Supabase's 5 a second, then answers 429 SlowDown", () => {
    const limiter = new RenderRateLimiter(5, () => 0);
    const path = "/storage/v1/render/image/public/site-media/story.jpg";
    for (let request = 0; request < 20; request += 1) limiter.take("192.0.2.1", path);
    const refusal = refusalOf(() => limiter.take("192.0.2.1", path));
    expect(refusal).toBeInstanceOf(ImageError);
    expect(refusal).toMatchObject({
      status: 429,
      statusCode: 429,
      code: "SlowDown",
      error: "Too Many Requests",
      message: "Rate limit exceeded, retry in 4 seconds",
      headers: { "Retry-After": "4" },
    });
  });

  it("keeps refusing a client that keeps asking, and lets it in 4 seconds after it stops", () => {
    let now = 0;
    const limiter = new RenderRateLimiter(1, () => now);
    const path = "/storage/v1/render/image/public/site-media/story.jpg";
    for (let request = 0; request < 4; request += 1) limiter.take("192.0.2.1", path);
    for (let second = 0; second < 10; second += 1) {
      now += 1000;
      expect(refusalOf(() => limiter.take("192.0.2.1", path))).toBeDefined();
    }
    now += 3999;
    expect(refusalOf(() => limiter.take("192.0.2.1", path))).toBeDefined();
    now += 4000;
    expect(refusalOf(() => limiter.take("192.0.2.1", path))).toBeUndefined();
  });

  it("counts each client and each path apart, and an IPv6 client's /64 as one", () => {
    const limiter = new RenderRateLimiter(1, () => 0);
    const path = "/storage/v1/render/image/public/site-media/a.jpg";
    for (let request = 0; request < 4; request += 1) limiter.take("2001:db8:1:2::10", path);
    expect(refusalOf(() => limiter.take("2001:db8:1:2::99", path))).toBeDefined();
    expect(refusalOf(() => limiter.take("2001:db8:1:3::10", path))).toBeUndefined();
    expect(refusalOf(() => limiter.take("192.0.2.7", path))).toBeUndefined();
    expect(
      refusalOf(() => limiter.take("2001:db8:1:2::10", `${path.slice(0, -5)}b.jpg`)),
    ).toBeUndefined();
  });
});
