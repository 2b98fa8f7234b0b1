import { isApiRole, type ApiClaims } from "../http/context.ts";
import { JwtError, jwtVerifier } from "../jwt.ts";

// Realtime's words for a token it refuses, each with the code it logs them under, as a join's
// error and a channel's shutdown carry them ("InvalidJWTToken: Token has expired 3 seconds ago").

export class RealtimeTokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The reason a join is refused with. */
  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

const verify = jwtVerifier({
  clockSkewSeconds: 0,
  wording: {
    segments: () => "The token provided is not a valid JWT",
    expired: "Token has expired",
    signature: "Failed to validate JWT signature",
    claim: () => "The token provided is not a valid JWT",
    algorithm: "The token provided is not a valid JWT",
    unparseable: "The token provided is not a valid JWT",
  },
});

function expiredSecondsAgo(token: string): number {
  try {
    const body: unknown = JSON.parse(
      Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
    );
    const exp = (body as { exp?: unknown }).exp;
    return typeof exp === "number" ? Math.max(0, Math.floor(Date.now() / 1000 - exp)) : 0;
  } catch {
    return 0;
  }
}

/** The claims of a token the project signed, or the error realtime answers it with. */
export async function verifyRealtimeToken(token: string, secret: Uint8Array): Promise<ApiClaims> {
  let claims;
  try {
    claims = await verify(token, secret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.failure === "expired") {
      throw new RealtimeTokenError(
        "InvalidJWTToken",
        `Token has expired ${expiredSecondsAgo(token)} seconds ago`,
      );
    }
    if (error.message === "Failed to validate JWT signature") {
      throw new RealtimeTokenError("JwtSignatureError", error.message);
    }
    throw new RealtimeTokenError("MalformedJWT", "The token provided is not a valid JWT");
  }
  if (typeof claims.exp !== "number" || typeof claims.role !== "string") {
    throw new RealtimeTokenError("InvalidJWTToken", "Fields `role` and `exp` are required in JWT");
  }
  if (!isApiRole(claims.role)) {
    throw new RealtimeTokenError("Unauthorized", `Role ${claims.role} may not use realtime`);
  }
  return claims as ApiClaims;
}
