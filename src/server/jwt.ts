import { errors, jwtVerify, type JWTPayload } from "jose";

export type JwtFailure = "malformed" | "invalid" | "expired";

export class JwtError extends Error {
  constructor(
    readonly failure: JwtFailure,
    message: string,
  ) {
    super(message);
  }
}

// PostgREST and GoTrue both allow this much clock skew on exp, nbf and iat.
const clockSkewSeconds = 30;

// Tokens already verified with a secret, so the keys and a session's token, sent with every
// request, are checked once. Only the time can turn a verified token invalid: exp is checked
// again at every use (nbf and iat only become more valid). Bounded: oldest first out.
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Readonly<JWTPayload>>>();
const verifiedTokensLimit = 10_000;

/** Verifies an HS256 token signed with the project secret and returns its (frozen) claims. */
export async function verifyJwt(token: string, secret: Uint8Array): Promise<Readonly<JWTPayload>> {
  let verified = verifiedTokens.get(secret);
  const known = verified?.get(token);
  if (known) {
    if (typeof known.exp === "number" && known.exp < Date.now() / 1000 - clockSkewSeconds) {
      verified?.delete(token);
      throw new JwtError("expired", "JWT expired");
    }
    return known;
  }
  const payload = Object.freeze(await verifyJwtSignature(token, secret));
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  if (verified.size >= verifiedTokensLimit) {
    verified.delete(verified.keys().next().value ?? "");
  }
  verified.set(token, payload);
  return payload;
}

async function verifyJwtSignature(token: string, secret: Uint8Array): Promise<JWTPayload> {
  const parts = token.split(".").length;
  if (parts !== 3) {
    throw new JwtError("malformed", `Expected 3 parts in JWT; got ${parts}`);
  }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      clockTolerance: clockSkewSeconds,
    });
    if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + clockSkewSeconds) {
      throw new JwtError("invalid", "JWT issued at future");
    }
    return payload;
  } catch (error) {
    if (error instanceof JwtError) throw error;
    if (error instanceof errors.JWTExpired) throw new JwtError("expired", "JWT expired");
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new JwtError("invalid", "JWSError JWSInvalidSignature");
    }
    if (error instanceof errors.JWTClaimValidationFailed) {
      throw new JwtError("invalid", `JWT ${error.claim} claim is invalid`);
    }
    throw new JwtError("malformed", "No suitable key or wrong key type");
  }
}
