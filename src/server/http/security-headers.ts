import type { MiddlewareHandler } from "hono";

const permissionsPolicy = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/**
 * Headers that cost nothing and close whole classes of attacks. HSTS only when the public
 * address is HTTPS: a browser ignores it over plain HTTP, and it must not pin a local server.
 * Set before the handler runs: a header added to a finished response makes @hono/node-server
 * rebuild it as a full web Response, which slowed every page request.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Permissions-Policy", permissionsPolicy);
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    await next();
  };
}
