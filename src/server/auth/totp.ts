import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { normaliseDigits } from "../../shared/digits.ts";

// RFC 6238 with GoTrue's parameters: HMAC-SHA1, 6 digits, 30-second steps, one step of skew.
const period = 30;
const digits = 6;
const skewSteps = 1;
const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += base32Alphabet[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of text.replace(/=+$/u, "").toUpperCase()) {
    const index = base32Alphabet.indexOf(character);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** 20 random bytes (160 bits, RFC 4226's recommendation), as 32 base32 characters. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function timeStep(at: number): number {
  return Math.floor(at / 1000 / period);
}

/** RFC 4226 HOTP of `step`: dynamic truncation of HMAC-SHA1, six digits. */
export function hotp(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * The time step whose code `code` is, within one step of `at`, or null. Arabic-Indic digits are
 * read as their Latin values first; every candidate is compared in constant time.
 */
export function matchTotp(secret: string, code: string, at: number): number | null {
  const typed = Buffer.from(normaliseDigits(code.trim()));
  const key = base32Decode(secret);
  const current = timeStep(at);
  let matched: number | null = null;
  for (let step = current - skewSteps; step <= current + skewSteps; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (typed.length === expected.length && timingSafeEqual(typed, expected)) matched = step;
  }
  return matched;
}

/** The otpauth:// address authenticator apps read, as GoTrue (pquerna/otp) writes it. */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  const escape = (text: string) => encodeURIComponent(text).replaceAll("%40", "@");
  const label = `${escape(issuer)}:${escape(accountName)}`;
  const query = new URLSearchParams({
    algorithm: "SHA1",
    digits: String(digits),
    issuer,
    period: String(period),
    secret,
  });
  return `otpauth://totp/${label}?${query.toString().replaceAll("+", "%20")}`;
}
