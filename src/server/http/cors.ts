import { cors } from "hono/cors";

// What supabase-js sends and must be able to read from another origin (CONTRACT.md, section a).
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
];
const exposeHeaders = ["Content-Range", "X-Supabase-Api-Version", "X-Total-Count", "Link"];

/** Same-origin requests need nothing; other origins only when CORS_ORIGINS lists them (or is *). */
export function apiCors(allowedOrigins: string[]) {
  const anyOrigin = allowedOrigins.includes("*");
  return cors({
    origin: (origin) => (anyOrigin || allowedOrigins.includes(origin) ? origin : null),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders,
    exposeHeaders,
    maxAge: 86400,
  });
}
