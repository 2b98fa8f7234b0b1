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

/** How an API words each way a token can fail: the callers answer with these words. */
export interface JwtWording {
  segments: (count: number) => string;
  expired: string;
  signature: string;
  claim: (name: string) => string;
  algorithm: string;
  unparseable: string;
  /** When set, a token issued after now (beyond the skew) is refused with these words. */
  issuedInFuture?: string;
}

export interface JwtRules {
  /** Seconds of clock skew allowed on exp and nbf, and on iat when it is checked. */
  clockSkewSeconds: number;
  wording: JwtWording;
}

/** Verifies an HS256 token signed with the project secret and returns its (frozen) claims. */
export type JwtVerifier = (token: string, secret: Uint8Array) => Promise<Readonly<JWTPayload>>;

const verifiedTokensLimit = 10_000;

export function jwtVerifier({ clockSkewSeconds, wording }: JwtRules): JwtVerifier {
  // Tokens already verified with a secret, so the keys and a session's token, sent with every
  // request, are checked once. Only the time can turn a verified token invalid: exp is checked
  // again at every use (nbf and iat only become more valid). Bounded: oldest first out.
  const verifiedTokens = new WeakMap<Uint8Array, Map<string, Readonly<JWTPayload>>>();

  async function verifySignature(token: string, secret: Uint8Array): Promise<JWTPayload> {
    const parts = token.split(".").length;
    if (parts !== 3) throw new JwtError("malformed", wording.segments(parts));
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ["HS256"],
        clockTolerance: clockSkewSeconds,
      });
      if (
        wording.issuedInFuture !== undefined &&
        typeof payload.iat === "number" &&
        payload.iat > Date.now() / 1000 + clockSkewSeconds
      ) {
        throw new JwtError("invalid", wording.issuedInFuture);
      }
      return payload;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof errors.JWTExpired) throw new JwtError("expired", wording.expired);
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        throw new JwtError("invalid", wording.signature);
      }
      if (error instanceof errors.JWTClaimValidationFailed) {
        throw new JwtError("invalid", wording.claim(error.claim));
      }
      if (error instanceof errors.JOSEAlgNotAllowed) {
        throw new JwtError("malformed", wording.algorithm);
      }
      throw new JwtError("malformed", wording.unparseable);
    }
  }

  return async (token, secret) => {
    let verified = verifiedTokens.get(secret);
    const known = verified?.get(token);
    if (known) {
      if (typeof known.exp === "number" && known.exp < Date.now() / 1000 - clockSkewSeconds) {
        verified?.delete(token);
        throw new JwtError("expired", wording.expired);
      }
      return known;
    }
    const payload = Object.freeze(await verifySignature(token, secret));
    if (!verified) {
      verified = new Map();
      verifiedTokens.set(secret, verified);
    }
    if (verified.size >= verifiedTokensLimit) {
      verified.delete(verified.keys().next().value ?? "");
    }
    verified.set(token, payload);
    return payload;
  };
}

/**
 * The API keys and REST's bearer tokens, as PostgREST checks them: 30 s of clock skew on exp,
 * nbf and iat, a token issued in the future refused, and PostgREST's words for each failure.
 */
export const verifyPostgrestJwt = jwtVerifier({
  clockSkewSeconds: 30,
  wording: {
    segments: (count) => `Expected 3 parts in JWT; got ${count}`,
    expired: "JWT expired",
    signature: "JWSError JWSInvalidSignature",
    claim: (name) => `JWT ${name} claim is invalid`,
    algorithm: "No suitable key or wrong key type",
    unparseable: "No suitable key or wrong key type",
    issuedInFuture: "JWT issued at future",
  },
});
