import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, timeStep } from "./totp.ts";

// RFC 6238 appendix B (SHA1): the 8-digit values, of which six digits are the last six.
const rfcSecret = base32Encode(Buffer.from("12345678901234567890"));
const vectors: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP", () => {
  it.each(vectors)("gives RFC 6238's code at %i s", (seconds, code) => {
    expect(hotp(base32Decode(rfcSecret), timeStep(seconds * 1000))).toBe(code.slice(-6));
  });

  it("accepts one step either side, and says which step matched", () => {
    const now = 1111111111 * 1000;
    const step = timeStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = hotp(base32Decode(rfcSecret), step + offset);
      expect(matchTotp(rfcSecret, code, now)).toBe(step + offset);
    }
    expect(matchTotp(rfcSecret, hotp(base32Decode(rfcSecret), step + 2), now)).toBeNull();
  });

  it("reads Arabic-Indic and Persian digits, and surrounding spaces", () => {
    const now = 59 * 1000;
    expect(matchTotp(rfcSecret, " ٢٨٧٠٨٢ ", now)).toBe(timeStep(now));
    expect(matchTotp(rfcSecret, "۲۸۷۰۸۲", now)).toBe(timeStep(now));
    expect(matchTotp(rfcSecret, "28708", now)).toBeNull();
  });

  it("makes 20-byte secrets: 32 base32 characters that decode to 20 bytes", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/u);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});
