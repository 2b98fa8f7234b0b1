import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows a burst of 30, then refills at the configured rate", () => {
    let now = 0;
    const limiter = new RateLimiter(true, () => now);
    const perSecond = 150 / 300;
    const taken = Array.from({ length: 31 }, () => limiter.take("token:192.0.2.1", perSecond));
    expect(taken.slice(0, 30).every(Boolean)).toBe(true);
    expect(taken[30]).toBe(false);
    now += 1999;
    expect(limiter.take("token:192.0.2.1", perSecond)).toBe(false);
    now += 2;
    expect(limiter.take("token:192.0.2.1", perSecond)).toBe(true);
  });

  it("counts each client address apart", () => {
    const limiter = new RateLimiter(true, () => 0);
    for (let index = 0; index < 30; index += 1) limiter.take("mfa:192.0.2.1", 0.25);
    expect(limiter.take("mfa:192.0.2.1", 0.25)).toBe(false);
    expect(limiter.take("mfa:192.0.2.2", 0.25)).toBe(true);
  });

  it("lets everything through when switched off", () => {
    const limiter = new RateLimiter(false, () => 0);
    expect(() => {
      for (let index = 0; index < 100; index += 1) limiter.enforce("signup", "192.0.2.1", 1, 300);
    }).not.toThrow();
  });
});
