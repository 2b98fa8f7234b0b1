import type { MiddlewareHandler } from "hono";

// What supabase-js sends and must be able to read from another origin (docs/api.md, "the gateway and CORS").
const allowHeaders = [
  "apikey",
  "authorization",
  "x-client-info",
  "content-type",
  "content-profile",
  "accept-profile",
  "prefer",
  "range",
  "x-supabase-api-version",
  "x-retry-count",
  "accept",
  // storage-js's uploads
  "x-upsert",
  "x-metadata",
  "cache-control",
  // functions-js's invoke with a region
  "x-region",
].join(",");
const exposeHeaders = [
  "Content-Range",
  "X-Supabase-Api-Version",
  "X-Total-Count",
  "Link",
  "ETag",
  "Content-Disposition",
].join(",");
const allowMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].join(",");
const maxAgeSeconds = "86400";

/**
 * Same-origin requests need nothing; other origins only when CORS_ORIGINS lists them (or is *).
 * Every header is set before the handler runs (hono/cors adds Vary afterwards, which makes
 * @hono/node-server rebuild each answer as a full web Response).
 */
export function apiCors(allowedOrigins: string[]): MiddlewareHandler {
  const anyOrigin = allowedOrigins.includes("*");
  return async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = origin && (anyOrigin || allowedOrigins.includes(origin)) ? origin : undefined;
    c.header("Vary", "Origin", { append: true });
    if (allowed) {
      c.header("Access-Control-Allow-Origin", allowed);
      c.header("Access-Control-Expose-Headers", exposeHeaders);
    }
    if (c.req.method !== "OPTIONS") return next();
    c.header("Vary", "Access-Control-Request-Headers", { append: true });
    c.header("Access-Control-Max-Age", maxAgeSeconds);
    c.header("Access-Control-Allow-Methods", allowMethods);
    c.header("Access-Control-Allow-Headers", allowHeaders);
    return c.body(null, 204);
  };
}
