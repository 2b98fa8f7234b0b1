import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SignJWT } from "jose";
import type { Config } from "./config.ts";

export const apiKeyRoles = ["anon", "service_role"] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

export interface ApiKeys {
  anon: string;
  service_role: string;
}

const secretFile = "jwt-secret";

/**
 * JWT_SECRET when set; otherwise the secret generated on first start and kept in DATA_DIR
 * (mode 0600). Created with O_EXCL so two processes starting together keep the same one.
 */
export async function loadJwtSecret(
  config: Pick<Config, "jwtSecret" | "dataDir">,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, secretFile);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds a secret shorter than 32 characters; delete it to make a new one`,
    );
  }
  return secret;
}

// Fixed instants, so the same secret always yields the same keys: a site built with
// VITE_SUPABASE_ANON_KEY keeps working across restarts and instances.
const keysIssuedAt = Date.UTC(2026, 0, 1) / 1000;
const keysExpireAt = Date.UTC(2036, 0, 1) / 1000;

/** A key as Supabase makes them: HS256, payload {iss, role, iat, exp} in that order. */
export function makeApiKey(secret: string, role: ApiKeyRole): Promise<string> {
  return new SignJWT({ iss: "supabase", role, iat: keysIssuedAt, exp: keysExpireAt })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(secret));
}

export async function makeApiKeys(secret: string): Promise<ApiKeys> {
  return {
    anon: await makeApiKey(secret, "anon"),
    service_role: await makeApiKey(secret, "service_role"),
  };
}
