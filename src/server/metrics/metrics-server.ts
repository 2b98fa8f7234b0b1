import { createHash, timingSafeEqual } from "node:crypto";
import { serve, type ServerType } from "@hono/node-server";
import { Hono, type Context } from "hono";
import type { MetricsConfig } from "../config.ts";
import { errorForLog, type Logger } from "../log.ts";
import type { Metrics } from "./metrics.ts";

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Compared as digests of equal length, in constant time: the answer's timing says nothing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/u.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(presented), digest(token));
}

function answer(c: Context, text: string, status: 401 | 404 | 500): Response {
  c.header("Cache-Control", "no-store");
  return c.text(`${text}\n`, status);
}

/**
 * The metrics listener's routes: GET /metrics in Prometheus's text format, and nothing else.
 * It is not the public port's (app.ts has no such route), as PostgREST's admin server is not.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined, log: Logger): Hono {
  const routes = new Hono();
  routes.get("/metrics", async (c) => {
    if (token !== undefined && !bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return answer(c, "Unauthorized", 401);
    }
    const text = await metrics.registry.metrics();
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", metrics.registry.contentType);
    return c.body(text, 200);
  });
  routes.notFound((c) => answer(c, "Not Found", 404));
  routes.onError((error, c) => {
    log.error("metrics failed", { error: errorForLog(error) });
    return answer(c, "Internal Server Error", 500);
  });
  return routes;
}

/** Listens for scrapes where `listener` says; resolves once it listens, and says where in the log. */
export function serveMetrics(
  metrics: Metrics,
  listener: MetricsConfig,
  log: Logger,
): Promise<ServerType> {
  const routes = metricsRoutes(metrics, listener.token, log);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: routes.fetch, port: listener.port, hostname: listener.host },
      (info) => {
        const host = listener.host.includes(":") ? `[${listener.host}]` : listener.host;
        log.info("metrics listening", {
          url: `http://${host}:${info.port}/metrics`,
          token: listener.token !== undefined,
        });
        resolve(server);
      },
    );
    server.once("error", reject);
  });
}
