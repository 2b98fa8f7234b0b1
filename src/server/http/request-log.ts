import type { MiddlewareHandler } from "hono";
import { currentTurn } from "../db/turn.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./context.ts";

/** One line per request, run inside databaseTurn. Only the path is logged: query strings can carry keys (`?apikey=`). */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const turn = currentTurn();
    log.info("request", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: c.get("clientIp"),
      // On the embedded database: how long its statements waited for the one connection.
      ...(turn && turn.turns > 0
        ? { db_turns: turn.turns, db_wait_ms: Math.round(turn.waitedMs * 10) / 10 }
        : {}),
    });
  };
}
