import type { MiddlewareHandler } from "hono";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./context.ts";

/** One line per request. Only the path is logged: query strings can carry keys (`?apikey=`). */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log.info("request", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: c.get("clientIp"),
    });
  };
}
