import { describe, expect, it } from "vitest";
import { RateLimiter, rateLimitSubject } from "./rate-limit.ts";

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
});

describe("rateLimitSubject", () => {
  const subjects: [string, string][] = [
    ["192.0.2.1", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
  ];
  it.each(subjects)("keys %s as %s", (address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });
});
