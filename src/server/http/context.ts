import type { JWTPayload } from "jose";

export const apiRoles = ["anon", "authenticated", "service_role"] as const;
export type ApiRole = (typeof apiRoles)[number];

export interface ApiClaims extends JWTPayload {
  role: ApiRole;
}

export function isApiRole(value: unknown): value is ApiRole {
  return apiRoles.includes(value as ApiRole);
}

export interface AppEnv {
  Variables: {
    /** The verified claims a REST request runs under (anon when no bearer token came). */
    claims: ApiClaims;
    clientIp: string;
    /** This request's id (http/request-id.ts): in its log lines and the X-Request-Id header. */
    requestId: string;
    /**
     * A REST insert's rows as sent and, once it succeeded, how many the database stored (a
     * trigger may leave some out): what the metrics count submissions by.
     */
    insert?: { rows: unknown[]; stored?: number | undefined };
    /** A REST request's Prefer: timezone=…, once known to name a zone of the database. */
    timezone?: string;
  };
}
