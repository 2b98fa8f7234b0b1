import type { Context } from "hono";

/** GET /health, as GoTrue answers it; the version names this server, not a GoTrue release. */
export function health() {
  return (c: Context) =>
    c.json({
      version: "kalima",
      name: "GoTrue",
      description: "GoTrue is a user registration and authentication API",
    });
}
