import { randomBytes } from "node:crypto";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "../../src/server/app.ts";
import { defaultRealtimeLimits, type RealtimeLimits } from "../../src/server/realtime/limits.ts";
import { createRealtime, type Realtime } from "../../src/server/realtime/service.ts";
import {
  defaultMaxRows,
  loadConfig,
  type AuthConfig,
  type MailConfig,
  type StorageConfig,
  type TxEnd,
} from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/database.ts";
import { databaseFromPGlite, openPGliteThread } from "../../src/server/db/pglite.ts";
import { openPostgres } from "../../src/server/db/postgres.ts";
import { makeApiKeys, type ApiKeys } from "../../src/server/keys.ts";
import { createMetrics, type Metrics } from "../../src/server/metrics/metrics.ts";
import { countRealtime } from "../../src/server/metrics/realtime-metrics.ts";
import { silentLogger, type Logger } from "../../src/server/log.ts";
import { restConfigOf, type RestConfig } from "../../src/server/rest/rest-config.ts";
import {
  loadSchemaCache,
  reloadOnNotify,
  type SchemaCache,
} from "../../src/server/rest/schema-cache.ts";
import { loadSite } from "../../src/server/site/site.ts";
import type { StorageBackend } from "../../src/server/storage/backend.ts";
import { fileBackend } from "../../src/server/storage/file-backend.ts";
import { s3Backend } from "../../src/server/storage/s3-backend.ts";
import { ImageWork } from "../../src/server/storage/images/image-work.ts";
import { siteMediaBucket } from "../../src/shared/site-media.ts";
import { createDatabase, onPostgres } from "./postgres-databases.ts";
import { pgliteExtensions } from "../../src/server/db/pglite-extensions.js";

export const testOrigin = "http://kalima.test";

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Database;
  keys: ApiKeys;
  jwtSecret: string;
  /** The schema cache the app serves; NOTIFY pgrst, 'reload schema' reloads it. */
  schema: SchemaCache;
  /** PostgREST's settings the app follows; NOTIFY pgrst, 'reload config' reads them again. */
  restConfig: RestConfig;
  /** The embedded database's files, with `embeddedThread`. */
  directory: string | undefined;
  authConfig: AuthConfig;
  /** What the app counts, with `metrics`. */
  metrics: Metrics | undefined;
  /** Where it keeps objects' bytes: files in a folder removed at close, or a bucket of its own. */
  storage: StorageBackend;
  /** The storage settings it was started with, as loadConfig reads them. */
  storageConfig: StorageConfig;
  /** Its photos' renders, with a cache in a folder of its own, removed at close. */
  images: ImageWork;
  url: string;
  /** /realtime/v1, with `realtime`. */
  realtime: Realtime | undefined;
  /** A fetch that answers in process, as supabase-js's `global.fetch`. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Auth settings over the test defaults: rate limits off, a refresh-token reuse interval of 1 s. */
  auth?: Partial<AuthConfig>;
  jwtExpiry?: number;
  /** Outgoing mail: invitations and password resets are written to the outbox. */
  mail?: MailConfig;
  /** A built site to serve, as boot.ts loads it; without one, pages answer 503. */
  siteDir?: string;
  /** The database's limits on visitors' submissions; off unless asked, as auth's rate limits. */
  submissionLimits?: boolean;
  /** The site's public origin (SITE_URL); `https://` makes the cookies the site writes Secure. */
  siteUrl?: string;
  /** The address header trusted as TRUST_PROXY names it; unset, every request is "unknown". */
  trustProxyHeader?: string;
  log?: Logger;
  /** The embedded database on a thread of its own, as the server runs it; in process otherwise. */
  embeddedThread?: boolean;
  /** API_RATE_LIMIT: each client's REST requests a minute; none unless asked, as auth's limits. */
  apiRateLimit?: number;
  /** PGRST_DB_TX_END; commit, the default, when unset. */
  dbTxEnd?: TxEnd;
  /** PGRST_DB_AGGREGATES_ENABLED; off, the default, when unset. */
  dbAggregatesEnabled?: boolean;
  /** PGRST_DB_MAX_ROWS; 1000, the default, when unset. */
  dbMaxRows?: number;
  /** PGRST_DB_PRE_CONFIG; none when unset. */
  dbPreConfig?: string;
  /** Count what GET /metrics reports, as a server started with METRICS_PORT does. */
  metrics?: boolean;
  /** FILE_SIZE_LIMIT in bytes; 50 MB, the default, when unset. */
  fileSizeLimit?: number;
  /** RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC; high enough to stay out of the way unless asked. */
  renderPerSecond?: number;
  /** IMAGE_FIRST_RENDERS_PER_CLIENT; high enough to stay out of the way unless asked. */
  firstRendersPerClient?: number;
  /** STORAGE_CLEAN_BUCKETS: buckets whose photos are cleaned at upload besides site-media. */
  cleanBuckets?: string[];
  /** STORAGE_BACKEND; TEST_STORAGE_BACKEND's, or file, when unset. */
  storageBackend?: "file" | "s3";
  /**
   * /realtime/v1 with these limits over the defaults: the app then listens on a port of
   * 127.0.0.1 of its own, which `url` names, since a WebSocket cannot be answered in process.
   */
  realtime?: Partial<RealtimeLimits>;
}

/** The auth settings tests start from: the server's defaults, minus what would slow tests down. */
export function testAuthConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  const defaults = loadConfig({}).auth;
  return {
    ...defaults,
    refreshTokenReuseInterval: 1,
    ...overrides,
    rateLimits: { ...defaults.rateLimits, enabled: false, ...overrides.rateLimits },
  };
}

/** The connections a test server's PostgreSQL pool holds at most. */
export const testPoolSize = 4;

/** A fresh copy of the migrated template: PGlite, or PostgreSQL in the PostgreSQL projects. */
async function freshDatabase(
  embeddedThread: boolean,
  log: Logger,
): Promise<{ db: Database; directory?: string; close: () => Promise<void> }> {
  if (onPostgres()) {
    const database = await createDatabase("test", { template: inject("postgresTemplate") });
    const db = await openPostgres({ connectionString: database.url, poolSize: testPoolSize });
    return {
      db,
      close: async () => {
        await db.close();
        await database.drop();
      },
    };
  }
  if (embeddedThread) {
    const directory = await mkdtemp(path.join(tmpdir(), "kalima-thread-"));
    const db = await openPGliteThread({ directory, template: inject("databaseTemplate") }, log);
    return {
      db,
      directory,
      close: async () => {
        await db.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  }
  const template = await readFile(inject("databaseTemplate"));
  const db = databaseFromPGlite(
    await PGlite.create({
      loadDataDir: new Blob([template]),
      extensions: pgliteExtensions,
    }),
  );
  return { db, close: () => db.close() };
}

function storageKindOfProject(): "file" | "s3" {
  const kind = process.env.TEST_STORAGE_BACKEND ?? "file";
  if (kind !== "file" && kind !== "s3") {
    throw new Error(`TEST_STORAGE_BACKEND is file or s3, not ${kind}`);
  }
  return kind;
}

/** An empty place for objects' bytes: a fresh folder, or a fresh bucket on the project's S3 server. */
async function freshStorage(
  kind: "file" | "s3",
  fileSizeLimit: number,
): Promise<{ storage: StorageBackend; config: StorageConfig; close(): Promise<void> }> {
  if (kind === "file") {
    const storagePath = await mkdtemp(path.join(tmpdir(), "kalima-storage-"));
    const storage = fileBackend(storagePath);
    return {
      storage,
      config: { backend: "file", path: storagePath, fileSizeLimit },
      close: async () => {
        await storage.close();
        await rm(storagePath, { recursive: true, force: true });
      },
    };
  }
  const server = inject("s3Storage");
  if (!server) {
    throw new Error(
      "TEST_STORAGE_BACKEND=s3 needs the S3 server of tests/support/s3-storage.ts as globalSetup",
    );
  }
  // The buckets stay until the S3 server's folder is removed at the end of the run.
  const bucket = `kalima-${randomBytes(6).toString("hex")}`;
  const client = new S3Client(server);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  const settings = { ...server, bucket };
  const storage = s3Backend(settings);
  return {
    storage,
    config: { backend: "s3", ...settings, fileSizeLimit },
    close: () => storage.close(),
  };
}

/** Serves `app` on a port of 127.0.0.1, with realtime's WebSocket. */
async function listen(
  app: ReturnType<typeof createApp>,
  realtime: Realtime,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    realtime.handleUpgrade(request, socket, head),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh copy of the migrated database and an app on it; nothing listens unless `realtime`. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const log: Logger = options.log ?? { ...silentLogger, error: (m, f) => console.error(m, f) };
  const { db, directory, close } = await freshDatabase(options.embeddedThread ?? false, log);
  const jwtSecret = randomBytes(32).toString("base64url");
  const authConfig = testAuthConfig(options.auth);
  const keys = await makeApiKeys(jwtSecret);
  // As boot.ts: the authenticator's settings over the environment's, read before the schema.
  const restConfig = restConfigOf({
    dbSchemas: ["public"],
    dbTxEnd: options.dbTxEnd ?? "commit",
    dbAggregatesEnabled: options.dbAggregatesEnabled ?? false,
    dbMaxRows: options.dbMaxRows ?? defaultMaxRows,
    dbConfig: true,
    dbPreConfig: options.dbPreConfig,
  });
  await restConfig.reload(db, log);
  const schema = await loadSchemaCache(db, restConfig.current.schemas);
  const stopReloads = await reloadOnNotify(db, schema, log, restConfig);
  const site = options.siteDir
    ? await loadSite(options.siteDir, { anonKey: keys.anon })
    : undefined;
  const metrics = options.metrics ? createMetrics(db) : undefined;
  const stored = await freshStorage(
    options.storageBackend ?? storageKindOfProject(),
    options.fileSizeLimit ?? 50 * 1024 * 1024,
  );
  const imageCache = await mkdtemp(path.join(tmpdir(), "kalima-image-cache-"));
  const images = new ImageWork(
    {
      cacheDir: imageCache,
      cacheMaxBytes: 64 * 1024 * 1024,
      renderPerSecond: options.renderPerSecond ?? 1000,
      firstRendersPerClient: options.firstRendersPerClient ?? 1000,
      cleanBuckets: [siteMediaBucket, ...(options.cleanBuckets ?? [])],
    },
    log,
  );
  const realtime = options.realtime
    ? await createRealtime({
        db,
        jwtSecret,
        limits: { ...defaultRealtimeLimits, ...options.realtime },
        log,
        trustProxyHeader: options.trustProxyHeader,
      })
    : undefined;
  if (metrics && realtime) countRealtime(metrics.registry, realtime.hub);
  const app = createApp({
    config: {
      corsOrigins: ["https://allowed.example"],
      trustProxyHeader: options.trustProxyHeader,
      logRequests: false,
      submissionLimits: options.submissionLimits ?? false,
      siteUrl: options.siteUrl ?? testOrigin,
      apiExternalUrl: testOrigin,
      jwtExpiry: options.jwtExpiry ?? 3600,
      auth: authConfig,
      mail: options.mail,
      apiRateLimit: options.apiRateLimit ?? 0,
      storage: stored.config,
    },
    db,
    schema,
    restConfig,
    jwtSecret,
    site,
    log,
    metrics,
    storage: stored.storage,
    images,
    realtime,
  });
  const listener = realtime ? await listen(app, realtime) : undefined;
  // Over HTTP, Node adds the reason phrase (201 Created) that clients read as statusText.
  const inProcessFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await app.request(input instanceof Request ? input : String(input), init);
    return new Response(response.body, {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? "",
      headers: response.headers,
    });
  }) as typeof fetch;
  return {
    app,
    db,
    keys,
    jwtSecret,
    schema,
    restConfig,
    directory,
    authConfig,
    metrics,
    url: listener?.url ?? testOrigin,
    realtime,
    fetch: inProcessFetch,
    storage: stored.storage,
    storageConfig: stored.config,
    images,
    close: async () => {
      await realtime?.close();
      await listener?.close();
      await stopReloads();
      await stored.close();
      await close();
      await rm(imageCache, { recursive: true, force: true });
    },
  };
}

/**
 * Asks the server to read its schema again (NOTIFY pgrst, as a migration would) and waits until
 * the new schema cache is in place, so that tables a test has just created are served.
 */
export async function reloadSchema(server: Pick<TestServer, "db" | "schema">): Promise<void> {
  const before = server.schema.version;
  await server.db.exec("notify pgrst, 'reload schema'");
  for (let waited = 0; server.schema.version === before; waited += 10) {
    if (waited > 5000) throw new Error("the schema cache did not reload");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Sends `NOTIFY pgrst, 'reload config'`, as a project does after `alter role authenticator set
 * pgrst.…`, and waits until the server has read its settings again (whatever it made of them).
 */
export async function reloadConfig(server: Pick<TestServer, "db" | "restConfig">): Promise<void> {
  const before = server.restConfig.version;
  await server.db.exec("notify pgrst, 'reload config'");
  for (let waited = 0; server.restConfig.version === before; waited += 10) {
    if (waited > 5000) throw new Error("the configuration was not read again");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
