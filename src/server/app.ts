// Builds Kalima's HTTP application: the route table for the site, /rest/v1 and /auth/v1.
// It never listens: main.ts does that, and tests call app.request() in process.
import { Hono } from "hono";
import { OAuthProviders } from "./auth/oauth-providers.ts";
import { RateLimiter } from "./auth/rate-limit.ts";
import { authRoutes, keylessAuthPaths } from "./auth/routes.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { requireApiKey } from "./http/api-key.ts";
import { clientIp } from "./http/client-ip.ts";
import type { AppEnv } from "./http/context.ts";
import { apiCors } from "./http/cors.ts";
import { requestLog } from "./http/request-log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { errorForLog, type Logger } from "./log.ts";
import { restRoutes } from "./rest/routes.ts";
import type { SchemaCache } from "./rest/schema-cache.ts";
import { makeApiKey } from "./keys.ts";
import type { SubmitAnonymously } from "./site/form-post.ts";
import { siteRoutes } from "./site/serve-site.ts";
import type { Site } from "./site/site.ts";

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
  >;
  db: Database;
  schema: SchemaCache;
  jwtSecret: string;
  site: Site | undefined;
  log: Logger;
}

export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const secret = new TextEncoder().encode(deps.jwtSecret);
  const app = new Hono<AppEnv>();

  app.use(clientIp(deps.config.trustProxyHeader));
  if (deps.config.logRequests) app.use(requestLog(deps.log));
  const https = deps.config.siteUrl.startsWith("https:");
  app.use(securityHeaders({ https }));

  app.use("/rest/v1/*", apiCors(deps.config.corsOrigins), requireApiKey(secret));
  app.route(
    "/rest/v1",
    restRoutes({
      db: deps.db,
      schema: deps.schema,
      secret,
      submissionLimits: deps.config.submissionLimits,
      log: deps.log,
    }),
  );

  const apiKey = requireApiKey(secret);
  app.use("/auth/v1/*", apiCors(deps.config.corsOrigins), (c, next) =>
    keylessAuthPaths.has(c.req.path) ? next() : apiKey(c, next),
  );
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
      limiter: new RateLimiter(deps.config.auth.rateLimits.enabled),
      providers: new OAuthProviders(deps.config.auth.providers),
      log: deps.log,
    }),
  );

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
  app.route("/", siteRoutes(deps.site, { https, submit }));

  app.onError((error, c) => {
    deps.log.error("unhandled error", {
      method: c.req.method,
      path: c.req.path,
      error: errorForLog(error),
    });
    return c.json(
      { code: "500", message: "Internal server error", details: null, hint: null },
      500,
    );
  });
  return app;
}
