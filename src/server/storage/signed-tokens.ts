import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { JwtError } from "../jwt.ts";
import { verifyStorageJwt } from "./claims.ts";
import { storageError } from "./errors.ts";

export type SignedScope = "download" | "upload";

export interface SignedClaims {
  url: string;
  scope?: SignedScope;
  exp: number;
  iat: number;
  /** A signed upload's: who will own the object, and whether it may replace one. */
  owner?: string;
  upsert?: boolean;
  /** A signed render's transform (`height:200,width:200`), which its URL's query cannot change. */
  transformations?: string;
}

/**
 * A signed URL's token as Supabase Storage makes one: HS256 with the project's JWT secret,
 * `{url: "<bucket>/<name>", scope, iat, exp}`, and for an upload its owner and upsert.
 */
export function signToken(
  secret: Uint8Array,
  claims: {
    url: string;
    scope: SignedScope;
    owner?: string | undefined;
    upsert?: boolean;
    transformations?: string | undefined;
  },
  expiresIn: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(`${Math.floor(expiresIn)}s`)
    .sign(secret);
}

/** A token's claims, once it is shown to be ours, for this scope and this very object. */
export async function verifySignedToken(
  secret: Uint8Array,
  token: string,
  scope: SignedScope,
  bucketId: string,
  name: string,
): Promise<SignedClaims & { exp: number }> {
  let payload;
  try {
    payload = await verifyStorageJwt(token, secret);
  } catch (error) {
    if (error instanceof JwtError) throw storageError.invalidJwt(error.message);
    throw error;
  }
  const claims = payload as unknown as SignedClaims;
  // Tokens made before scopes existed read as downloads, as Supabase reads them.
  const tokenScope = claims.scope ?? (typeof claims.upsert === "boolean" ? "upload" : "download");
  if (tokenScope !== scope) throw storageError.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucketId}/${name}`) throw storageError.invalidSignature();
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) {
    throw storageError.expiredSignature();
  }
  return claims;
}

/**
 * What the used-token table keeps of a verified token: a hash of its signature's bytes, never
 * the token. Its spelling will not do: a base64url letter's spare bits let one signature be
 * spelled several ways, each of which verifies.
 */
export function tokenHash(token: string): string {
  const signature = Buffer.from(token.split(".")[2] ?? "", "base64url");
  return createHash("sha256").update(signature).digest("hex");
}
