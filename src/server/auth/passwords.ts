import bcrypt from "bcryptjs";
import { authError, maxPasswordLength } from "./errors.ts";

// GoTrue's DefaultCost, so hashes move to a hosted project as they are.
const bcryptCost = 10;

/** GoTrue's checkPasswordStrength: too long is a 400 (bcrypt reads 72 bytes), too short a 422. */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, "utf8") > maxPasswordLength) throw authError.passwordTooLong();
  if ([...password].length < minLength) throw authError.weakPassword(minLength);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

// A hash of nothing anyone knows, so an unknown email costs as much time as a wrong password.
const decoyHash = bcrypt.hashSync("kalima-decoy-password", bcryptCost);

/** bcrypt's own comparison; with no hash it still spends the same time, and says no. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? decoyHash);
  return matches && hash !== null;
}
