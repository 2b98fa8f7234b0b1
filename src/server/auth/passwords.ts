import { authError, maxPasswordLength } from "./errors.ts";
import { PasswordPool } from "./password-pool.ts";

// GoTrue's DefaultCost, so hashes move to a hosted project as they are.
const bcryptCost = 10;

/** Every bcrypt of this process, off the thread that answers requests (password-pool.ts). */
export const passwordPool = new PasswordPool();

/** GoTrue's checkPasswordStrength: too long is a 400 (bcrypt reads 72 bytes), too short a 422. */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, "utf8") > maxPasswordLength) throw authError.passwordTooLong();
  if ([...password].length < minLength) throw authError.weakPassword(minLength);
}

/** A bcrypt hash; 429 `over_request_rate_limit` when the pool is full. */
export function hashPassword(password: string): Promise<string> {
  return passwordPool.hash(password, bcryptCost);
}

// The hash of 32 random bytes nobody kept, so an unknown email costs as much time as a wrong
// password (made once with cost 10; written here so no hash is spent at start).
const decoyHash = "$2b$10$FhP8f5K6JSM4kHlSL/lXlOthfH9YGqAKvakeMaJ6S2QPkFUGvVkmy";

/** bcrypt's own comparison; with no hash it still spends the same time, and says no. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const matches = await passwordPool.compare(password, hash ?? decoyHash);
  return matches && hash !== null;
}
