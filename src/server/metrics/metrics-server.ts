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
 * The admin listener's routes: GET /metrics in Prometheus's text format when `metrics` counts,
 * GET /backup/v1 when `backups` is given, and nothing else. They are not the public port's
 * (app.ts has no such route), as PostgREST's admin server's are not.
 */
export function adminRoutes(options: {
  metrics?: Metrics | undefined;
  token?: string | undefined;
  backups?: Hono | undefined;
  log: Logger;
}): Hono {
  const { metrics, token, backups, log } = options;
  const routes = new Hono();
  if (metrics) {
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
  }
  if (backups) routes.route("/backup/v1", backups);
  routes.notFound((c) => answer(c, "Not Found", 404));
  routes.onError((error, c) => {
    log.error("admin request failed", { path: c.req.path, error: errorForLog(error) });
    return answer(c, "Internal Server Error", 500);
  });
  return routes;
}

/** Where an admin listener binds: the metrics listener's address, or this machine's. */
export interface AdminAddress {
  port: number;
  host: string;
}

/**
 * Listens with `routes` where `listener` says, apart from the public port; resolves once it
 * listens with its URL (the port the system chose, for port 0), and says so in the log.
 */
export function serveAdmin(
  routes: Hono,
  listener: AdminAddress,
  log: Logger,
  serves: { metrics: boolean; token: boolean; backups: boolean },
): Promise<{ server: ServerType; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: routes.fetch, port: listener.port, hostname: listener.host },
      (info) => {
        const host = listener.host.includes(":") ? `[${listener.host}]` : listener.host;
        const url = `http://${host}:${info.port}`;
        log.info("admin listening", { url, ...serves });
        resolve({ server, url });
      },
    );
    server.once("error", reject);
  });
}

/** Listens for scrapes where `listener` says; resolves once it listens. */
export async function serveMetrics(
  metrics: Metrics,
  listener: MetricsConfig,
  log: Logger,
): Promise<ServerType> {
  const routes = adminRoutes({ metrics, token: listener.token, log });
  const serves = { metrics: true, token: listener.token !== undefined, backups: false };
  return (await serveAdmin(routes, listener, log, serves)).server;
}
