import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JwtError, verifyJwt } from "./jwt.ts";

const secret = new TextEncoder().encode("a-secret-for-the-jwt-tests-only-0123456789");

function sign(claims: Record<string, unknown>, key = secret) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
}

afterEach(() => vi.useRealTimers());

describe("verifyJwt", () => {
  it("remembers a verified token, and still refuses it once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ role: "authenticated", iat: now, exp: now + 60 });
    const first = await verifyJwt(token, secret);
    expect(await verifyJwt(token, secret)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);

    vi.setSystemTime((now + 60 + 31) * 1000);
    const expired = await verifyJwt(token, secret).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(JwtError);
    expect(expired).toMatchObject({ failure: "expired", message: "JWT expired" });
  });

  it("checks a token against each secret on its own", async () => {
    const token = await sign({ role: "anon" });
    await verifyJwt(token, secret);
    const other = new TextEncoder().encode("another-secret-for-the-jwt-tests-0123456789");
    await expect(verifyJwt(token, other)).rejects.toMatchObject({ failure: "invalid" });
  });
});
