import type { MiddlewareHandler } from "hono";
import { rateLimitSubject } from "../auth/rate-limit.ts";
import { withTurn } from "../db/turn.ts";
import type { AppEnv } from "./context.ts";

/**
 * Counts the request's statements to its client on the embedded database's fair queue
 * (db/fair-queue.ts), by the address the rate limits count: an IPv6 client's /64 is one client.
 */
export function databaseTurn(): MiddlewareHandler<AppEnv> {
  return (c, next) => withTurn(rateLimitSubject(c.get("clientIp")), () => next());
}
