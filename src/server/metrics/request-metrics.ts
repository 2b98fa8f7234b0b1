import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { currentTurn } from "../db/turn.ts";
import type { AppEnv } from "../http/context.ts";
import type { Metrics } from "./metrics.ts";
import { routeFamily } from "./route-family.ts";

const measuring = new AsyncLocalStorage<true>();

/**
 * Counts each request by family and status, times it, and records how long its statements
 * waited for the embedded database (run inside databaseTurn, which keeps that count).
 */
export function countRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // A request the server makes of itself (a form posted without scripts is stored through
    // /rest/v1) is part of the one it answers, as its statements' waits are.
    if (measuring.getStore()) return next();
    const started = performance.now();
    await measuring.run(true, next);
    const family = routeFamily(c.req.method, c.req.path);
    metrics.httpRequests.inc({ family, status: String(c.res.status) });
    metrics.httpRequestDuration.observe({ family }, (performance.now() - started) / 1000);
    const turn = currentTurn();
    if (turn && turn.turns > 0) metrics.databaseQueueWait.observe({ family }, turn.waitedMs / 1000);
  };
}
