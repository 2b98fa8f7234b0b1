import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The client's address: from the socket, or from the header named by TRUST_PROXY when a proxy
 * in front sets it. For X-Forwarded-For the last entry is taken: the one the proxy appended,
 * since anything before it is whatever the client chose to send.
 */
export function clientIp(trustedHeader: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const forwarded = trustedHeader ? c.req.header(trustedHeader) : undefined;
    const fromSocket = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    c.set("clientIp", addressOf(forwarded, fromSocket));
    await next();
  };
}

/** The rule above, for a request that reaches no middleware (a WebSocket upgrade). */
export function addressOf(forwarded: string | undefined, fromSocket: string | undefined): string {
  return forwarded?.split(",").at(-1)?.trim() || fromSocket || "unknown";
}
