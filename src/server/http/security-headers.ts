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
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Permissions-Policy", permissionsPolicy);
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
