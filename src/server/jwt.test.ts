import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JwtError, jwtVerifier, verifyPostgrestJwt } from "./jwt.ts";

const secret = new TextEncoder().encode("a-secret-for-the-jwt-tests-only-0123456789");

function sign(claims: Record<string, unknown>, key = secret, alg = "HS256") {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(key);
}

afterEach(() => vi.useRealTimers());

describe("verifyPostgrestJwt", () => {
  it("remembers a verified token, and still refuses it once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ role: "authenticated", iat: now, exp: now + 60 });
    const first = await verifyPostgrestJwt(token, secret);
    expect(await verifyPostgrestJwt(token, secret)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);

    vi.setSystemTime((now + 60 + 31) * 1000);
    const expired = await verifyPostgrestJwt(token, secret).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(JwtError);
    expect(expired).toMatchObject({ failure: "expired", message: "JWT expired" });
  });

  it("checks a token against each secret on its own", async () => {
    const token = await sign({ role: "anon" });
    await verifyPostgrestJwt(token, secret);
    const other = new TextEncoder().encode("another-secret-for-the-jwt-tests-0123456789");
    await expect(verifyPostgrestJwt(token, other)).rejects.toMatchObject({ failure: "invalid" });
  });

  it("allows PostgREST's 30 s of clock skew on exp and iat, and no more", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verifyPostgrestJwt(await sign({ exp: now - 20 }), secret)).resolves.toBeDefined();
    await expect(verifyPostgrestJwt(await sign({ iat: now + 20 }), secret)).resolves.toBeDefined();
    await expect(verifyPostgrestJwt(await sign({ exp: now - 40 }), secret)).rejects.toMatchObject({
      failure: "expired",
    });
    await expect(verifyPostgrestJwt(await sign({ iat: now + 40 }), secret)).rejects.toMatchObject({
      failure: "invalid",
      message: "JWT issued at future",
    });
  });
});

describe("jwtVerifier", () => {
  const verify = jwtVerifier({
    clockSkewSeconds: 0,
    wording: {
      segments: (count) => `segments: ${count}`,
      expired: "expired",
      signature: "signature",
      claim: (name) => `claim: ${name}`,
      algorithm: "algorithm",
      unparseable: "unparseable",
    },
  });

  it("answers each failure in the words it was given", async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = new TextEncoder().encode("another-secret-for-the-jwt-tests-0123456789");
    const cases: [string, string][] = [
      ["a.b", "segments: 2"],
      [await sign({ exp: now - 1 }), "expired"],
      [await sign({ nbf: now + 60 }), "claim: nbf"],
      [await sign({}, other), "signature"],
      [await sign({}, secret, "HS512"), "algorithm"],
      ["a.b.c", "unparseable"],
    ];
    for (const [token, message] of cases) {
      await expect(verify(token, secret)).rejects.toMatchObject({ message });
    }
  });

  it("checks iat only when it has words for a token issued in the future", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verify(await sign({ iat: now + 3600 }), secret)).resolves.toBeDefined();
  });
});
