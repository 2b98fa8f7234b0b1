import { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";

// Kalima serves no Edge Functions. Every address under /functions/v1, by any method, answers as a
// hosted project's gateway answers for a function that was never deployed (Supabase's
// troubleshooting guide "Edge Function 404 error response"), so supabase-js's
// `functions.invoke` gives a FunctionsHttpError whose response says what happened.
export function functionsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.all("*", (c) => {
    c.header("sb-error-code", "NOT_FOUND");
    return c.json({ code: "NOT_FOUND", message: "Requested function was not found" }, 404);
  });
  return routes;
}
