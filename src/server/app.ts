// Builds Kalima's HTTP application: the route table for the site, /rest/v1, /auth/v1, /storage/v1,
// /realtime/v1 and /functions/v1. It never listens: main.ts does that; tests call app.request().
import { Hono } from "hono";
import { OAuthProviders } from "./auth/oauth-providers.ts";
import { AuthRateLimiter } from "./auth/rate-limit.ts";
import { authRoutes, keylessAuthPaths } from "./auth/routes.ts";
import { defaultMaxRows, type Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { functionsRoutes } from "./functions/routes.ts";
import { requireApiKey } from "./http/api-key.ts";
import { clientIp } from "./http/client-ip.ts";
import { databaseTurn } from "./http/database-turn.ts";
import { livez, readyz } from "./http/health-checks.ts";
import type { AppEnv } from "./http/context.ts";
import { apiCors } from "./http/cors.ts";
import { requestId } from "./http/request-id.ts";
import { requestLog } from "./http/request-log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { errorForLog, type Logger } from "./log.ts";
import { countSignInFailures, countTotpLockouts } from "./metrics/auth-metrics.ts";
import type { Metrics } from "./metrics/metrics.ts";
import { countRequests } from "./metrics/request-metrics.ts";
import { countFormRefusals, countSubmissions } from "./metrics/submission-metrics.ts";
import type { Realtime } from "./realtime/service.ts";
import { restRoutes } from "./rest/routes.ts";
import { RestConfig } from "./rest/rest-config.ts";
import type { SchemaCache } from "./rest/schema-cache.ts";
import { makeApiKey } from "./keys.ts";
import type { SubmitAnonymously } from "./site/form-post.ts";
import { siteRoutes } from "./site/serve-site.ts";
import type { Site } from "./site/site.ts";
import type { StorageBackend } from "./storage/backend.ts";
import type { ImageWork } from "./storage/images/image-work.ts";
import { isKeylessStorageRead, storageRoutes } from "./storage/routes.ts";

const serverErrorPage = `<!DOCTYPE html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>خطأ في الخادم | كلمة</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.8">
<h1>حدث خطأ في الخادم</h1><p>أعد المحاولة بعد قليل، أو عُد إلى <a href="/">الصفحة الرئيسية</a>.</p>
<div lang="en" dir="ltr"><h2>Something went wrong on the server</h2>
<p>Try again in a moment, or go back to the <a href="/en">home page</a>.</p></div>
</body></html>
`;

export interface AppDependencies {
  config: Pick<
    Config,
    | "corsOrigins"
    | "trustProxyHeader"
    | "logRequests"
    | "submissionLimits"
    | "auth"
    | "siteUrl"
    | "apiExternalUrl"
    | "jwtExpiry"
    | "mail"
    | "storage"
  > &
    Partial<Pick<Config, "dbTxEnd" | "apiRateLimit" | "dbAggregatesEnabled" | "dbMaxRows">>;
  db: Database;
  schema: SchemaCache;
  /**
   * PostgREST's settings as they stand, the database's over the environment's (boot.ts reads
   * them); without it, the environment's alone, as `config` gives them.
   */
  restConfig?: RestConfig | undefined;
  jwtSecret: string;
  site: Site | undefined;
  log: Logger;
  /** Where /storage/v1 keeps objects' bytes (storage/open-backend.ts). */
  storage: StorageBackend;
  /** Photos' renders and clean-ups, with their cache (storage/images/). */
  images: ImageWork;
  /** /realtime/v1 (realtime/service.ts); its socket is taken over by the HTTP server. */
  realtime?: Realtime | undefined;
  /** What GET /metrics reports, on a listener of its own; nothing is counted without it. */
  metrics?: Metrics | undefined;
}

export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const secret = new TextEncoder().encode(deps.jwtSecret);
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(clientIp(deps.config.trustProxyHeader));
  app.use(databaseTurn());
  const metrics = deps.metrics;
  if (metrics) app.use(countRequests(metrics));
  // Before the request log: a load balancer's checks every few seconds are not traffic.
  app.get("/livez", livez());
  app.get("/readyz", readyz(deps.db));
  if (deps.config.logRequests) app.use(requestLog(deps.log));
  const https = deps.config.siteUrl.startsWith("https:");
  app.use(securityHeaders({ https }));

  app.use("/rest/v1/*", apiCors(deps.config.corsOrigins), requireApiKey(secret));
  if (metrics) app.use("/rest/v1/contact_submissions", countSubmissions(metrics));
  app.route(
    "/rest/v1",
    restRoutes({
      db: deps.db,
      schema: deps.schema,
      secret,
      submissionLimits: deps.config.submissionLimits,
      log: deps.log,
      settings:
        deps.restConfig ??
        new RestConfig(
          {
            schemas: deps.schema.schemas,
            txEnd: deps.config.dbTxEnd ?? "commit",
            aggregatesEnabled: deps.config.dbAggregatesEnabled ?? false,
            maxRows: deps.config.dbMaxRows ?? defaultMaxRows,
            preConfig: undefined,
          },
          false,
        ),
      requestsPerMinute: deps.config.apiRateLimit ?? 0,
    }),
  );

  const apiKey = requireApiKey(secret);
  app.use("/auth/v1/*", apiCors(deps.config.corsOrigins), (c, next) =>
    keylessAuthPaths.has(c.req.path) ? next() : apiKey(c, next),
  );
  if (metrics) {
    app.use("/auth/v1/token", countSignInFailures(metrics));
    app.use("/auth/v1/factors/:factorId/verify", countTotpLockouts(metrics));
  }
  app.route(
    "/auth/v1",
    authRoutes({
      db: deps.db,
      settings: deps.config,
      tokens: {
        secret,
        expiry: deps.config.jwtExpiry,
        issuer: `${deps.config.apiExternalUrl}/auth/v1`,
      },
      limiter: new AuthRateLimiter(deps.db, deps.config.auth.rateLimits.enabled),
      providers: new OAuthProviders(deps.config.auth.providers),
      log: deps.log,
    }),
  );

  // Public and signed reads carry no key, as hosted's gateway lets them through: an <img> or a
  // shared link cannot send one.
  app.use("/storage/v1/*", apiCors(deps.config.corsOrigins), (c, next) =>
    isKeylessStorageRead(c.req.method, c.req.path) ? next() : apiKey(c, next),
  );
  app.route(
    "/storage/v1",
    storageRoutes({
      db: deps.db,
      backend: deps.storage,
      secret,
      fileSizeLimit: deps.config.storage.fileSizeLimit,
      schema: deps.schema,
      log: deps.log,
      requestsPerMinute: deps.config.apiRateLimit ?? 0,
      images: deps.images,
    }),
  );

  if (deps.realtime) {
    app.use("/realtime/v1/*", apiCors(deps.config.corsOrigins), apiKey);
    app.route("/realtime/v1", deps.realtime.routes);
  }

  // No function is deployed here: the gateway's not-found answer, needing no key, as hosted's.
  app.use("/functions/v1/*", apiCors(deps.config.corsOrigins));
  app.route("/functions/v1", functionsRoutes());

  const anonKey = makeApiKey(deps.jwtSecret, "anon");
  // A form posted without scripts goes through the REST API's own insert, as the anon role,
  // with the visitor's headers and address: nothing about it differs from supabase-js's insert.
  const submit: SubmitAnonymously = async (row, c) => {
    const key = await anonKey;
    const headers = new Headers(c.req.raw.headers);
    for (const name of [
      "cookie",
      "origin",
      "content-type",
      "content-length",
      "transfer-encoding",
      "accept-encoding",
      "apikey",
      "authorization",
      "prefer",
    ]) {
      headers.delete(name);
    }
    headers.set("apikey", key);
    headers.set("authorization", `Bearer ${key}`);
    headers.set("content-type", "application/json");
    return app.request(
      "/rest/v1/contact_submissions",
      { method: "POST", headers, body: JSON.stringify(row) },
      c.env,
    );
  };
  if (metrics) app.use(countFormRefusals(metrics));
  app.route("/", siteRoutes(deps.site, { https, submit }));

  app.onError((error, c) => {
    deps.log.error("unhandled error", {
      request_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: errorForLog(error),
    });
    if (c.req.path.startsWith("/rest/") || c.req.path.startsWith("/auth/")) {
      return c.json(
        { code: "500", message: "Internal server error", details: null, hint: null },
        500,
      );
    }
    // A page, for a visitor: a page in both languages, not an API's JSON.
    c.header("Cache-Control", "no-store");
    return c.html(serverErrorPage, 500);
  });
  return app;
}
