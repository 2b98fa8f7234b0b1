import path from "node:path";
import { z } from "zod";
import { linkSettings } from "../shared/site-links.js";
import { withoutTrailingSlashes } from "../shared/trailing-slash.ts";
import { siteMediaBucket } from "../shared/site-media.ts";
import { defaultRealtimeLimits, type RealtimeLimits } from "./realtime/limits.ts";

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

const booleanSetting = (fallback: "true" | "false") =>
  z
    .enum(["true", "false"], { error: "must be true or false" })
    .default(fallback)
    .transform((value) => value === "true");

/** PostgREST's db-tx-end: how each request's transaction ends, and whether Prefer: tx may say. */
export const txEndSettings = [
  "commit",
  "commit-allow-override",
  "rollback",
  "rollback-allow-override",
] as const;

export type TxEnd = (typeof txEndSettings)[number];

/** Hosted Supabase's max-rows: no page is longer unless PGRST_DB_MAX_ROWS says otherwise. */
export const defaultMaxRows = 1000;

const perWindow = (fallback: number) =>
  z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/**
 * Where the publish hook may be: https, so the call and the hook's secret path cross no network
 * in clear; plain http on this machine (a test's receiver, a local proxy).
 */
function isHookAddress(value: string): boolean {
  // Not a URL at all is z.url's to say.
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  if (url.protocol === "https:") return true;
  return (
    url.protocol === "http:" &&
    (url.hostname === "localhost" || url.hostname === "[::1]" || /^127\./u.test(url.hostname))
  );
}

const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//u, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  PGRST_DB_SCHEMAS: commaList.transform((schemas) => (schemas.length > 0 ? schemas : ["public"])),
  PGRST_DB_TX_END: z
    .enum(txEndSettings, { error: `must be one of ${txEndSettings.join(", ")}` })
    .default("commit"),
  PGRST_DB_AGGREGATES_ENABLED: booleanSetting("false"),
  PGRST_DB_MAX_ROWS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1000000")
    .default(defaultMaxRows),
  PGRST_DB_CONFIG: booleanSetting("true"),
  PGRST_DB_PRE_CONFIG: z
    .string()
    .trim()
    .regex(/^[^.]+(\.[^.]+)?$/u, "must be a function's name, schema-qualified or not")
    .optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604800).default(3600),
  SITE_URL: z.url({ error: "must be an absolute URL such as https://kalima.example" }).optional(),
  VITE_SUPABASE_URL: z.url({ error: "must be the absolute URL of a Supabase project" }).optional(),
  CORS_ORIGINS: commaList,
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/u, "must be a header name such as X-Forwarded-For")
    .optional(),
  LOG_REQUESTS: booleanSetting("true"),
  SUBMISSION_LIMITS: booleanSetting("true"),
  API_EXTERNAL_URL: z
    .url({ error: "must be an absolute URL such as https://kalima.example" })
    .optional(),
  AUTH_AUTOCONFIRM: booleanSetting("true"),
  AUTH_DISABLE_SIGNUP: booleanSetting("false"),
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).default(8),
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).max(3600).default(10),
  AUTH_REDIRECT_URLS: commaList,
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(120),
  AUTH_RATE_LIMITS: booleanSetting("true"),
  AUTH_RATE_LIMIT_TOKEN: perWindow(150),
  AUTH_RATE_LIMIT_SIGNUP: perWindow(30),
  AUTH_RATE_LIMIT_MFA: perWindow(15),
  AUTH_RATE_LIMIT_VERIFY: perWindow(30),
  AUTH_EXTERNAL_PROVIDERS: commaList.pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z][a-z0-9_-]*$/u, "must be lowercase provider names such as keycloak,google"),
    ),
  ),
  SMTP_URL: z
    .url({ error: "must be a URL such as smtps://user:password@mail.example.org:465" })
    .regex(/^smtps?:\/\//u, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().trim().optional(),
  REPLY_TO: z.string().trim().optional(),
  IMAP_URL: z
    .url({ error: "must be a URL such as imaps://user:password@imap.example.org:993/INBOX" })
    .regex(/^imaps?:\/\/[^/]*@/u, "must start with imaps:// or imap:// and name a user")
    .optional(),
  NOTIFY_TO: commaList,
  NOTIFY_LANGUAGE: z.enum(["ar", "en"], { error: "must be ar or en" }).default("ar"),
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  PUBLISH_HOOK_URL: z
    .url({ error: "must be an absolute URL such as https://api.netlify.com/build_hooks/…" })
    .refine(isHookAddress, {
      error: "must be https:// (http:// only on this machine: localhost, 127.0.0.1 or [::1])",
    })
    .optional(),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().trim().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  STORAGE_BACKEND: z.enum(["file", "s3"], { error: "must be file or s3" }).default("file"),
  STORAGE_FILE_BACKEND_PATH: z.string().trim().min(1).optional(),
  STORAGE_S3_BUCKET: z.string().trim().min(1).optional(),
  STORAGE_S3_ENDPOINT: z
    .url({ error: "must be a URL such as https://s3.eu-west-1.amazonaws.com" })
    .optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  STORAGE_S3_FORCE_PATH_STYLE: booleanSetting("false"),
  /** Supabase Storage's global upload limit, in bytes (50 MB as hosted's default). */
  FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(50 * 1024 * 1024),
  STORAGE_CLEAN_BUCKETS: commaList,
  IMAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 ** 4)
    .default(512 * 1024 * 1024),
  RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC: z.coerce.number().int().min(1).max(100_000).default(5),
  /** The most photos one page asks for at once: the programs page's six covers. */
  IMAGE_FIRST_RENDERS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(6),
  /** Supabase Realtime's tenant limits, applied to each client address and socket here. */
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(200),
  REALTIME_MAX_CHANNELS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(100),
  REALTIME_MAX_JOINS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(100),
  REALTIME_MAX_EVENTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(100),
  REALTIME_MAX_PAYLOAD_KB: z.coerce.number().int().min(1).max(3000).default(256),
  REALTIME_MAX_CHANNELS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  REALTIME_MAX_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1000)
    .max(1_000_000_000)
    .default(1_000_000),
  REALTIME_MAX_SUBSCRIPTIONS_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  REALTIME_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(100_000_000).default(200_000),
  REALTIME_MAX_PRESENCE_KB_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  REALTIME_MAX_PRESENCE_MB: z.coerce.number().int().min(1).max(100_000).default(64),
  SITE_DIR: z.string().trim().min(1).default("./build/client"),
  MIGRATIONS_DIR: z.string().trim().min(1).default("./supabase/migrations"),
});

export interface OAuthProviderConfig {
  name: string;
  clientId: string;
  secret: string;
  /** OpenID Connect: endpoints come from `<issuer>/.well-known/openid-configuration`. */
  issuer: string | undefined;
  authorizationUrl: string | undefined;
  tokenUrl: string | undefined;
  userinfoUrl: string | undefined;
  scopes: string;
  tokenAuthMethod: "client_secret_basic" | "client_secret_post";
}

export interface RateLimitConfig {
  enabled: boolean;
  /** Requests per 5 minutes per client address on /token (every grant). */
  token: number;
  /** Requests per 5 minutes per client address on /signup and PUT /user. */
  signup: number;
  /** Requests per minute per client address on MFA challenge and verify. */
  mfa: number;
  /** Requests per 5 minutes per client address on /verify (invitation and reset links). */
  verify: number;
}

export interface AuthConfig {
  autoconfirm: boolean;
  disableSignup: boolean;
  passwordMinLength: number;
  /** Seconds during which a just-revoked refresh token may still be exchanged. */
  refreshTokenReuseInterval: number;
  /** Where OAuth sign-ins may return besides SITE_URL's origin (exact URLs or globs). */
  redirectUrls: string[];
  rateLimits: RateLimitConfig;
  providers: OAuthProviderConfig[];
}

export interface MailConfig {
  /** `smtps://` (TLS from the start) or `smtp://` (STARTTLS, required unless the URL says otherwise). */
  smtpUrl: string;
  from: string;
  /** The team's addresses: every submission is mailed to them. */
  notifyTo: string[];
  notifyLanguage: "ar" | "en";
  /** The team's mailbox, where a visitor's answer to a reply from the inbox goes (`Reply-To`). */
  replyTo?: string;
  /** How long a worker holds a mail it is sending before another may take it over. */
  claimSeconds: number;
  /** The team's mailbox over IMAP, read for visitors' answers to replies; unset: not read. */
  imapUrl?: string;
}

/** The listener of GET /metrics, apart from the public port (src/server/metrics/). */
export interface MetricsConfig {
  port: number;
  /** 127.0.0.1 unless METRICS_HOST says otherwise. */
  host: string;
  /** Required as `Authorization: Bearer …` when set; always set off this machine. */
  token: string | undefined;
}

/** Where stored objects' bytes live (Supabase Storage's own settings). */
export type StorageConfig =
  | { backend: "file"; path: string; fileSizeLimit: number }
  | {
      backend: "s3";
      bucket: string;
      /** An S3-compatible store's address (R2, MinIO, Ceph); AWS's own when undefined. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      fileSizeLimit: number;
    };

function readStorage(values: z.infer<typeof environment>, dataDir: string): StorageConfig {
  const fileSizeLimit = values.FILE_SIZE_LIMIT;
  if (values.STORAGE_BACKEND === "file") {
    return {
      backend: "file",
      path: path.resolve(values.STORAGE_FILE_BACKEND_PATH ?? path.join(dataDir, "storage")),
      fileSizeLimit,
    };
  }
  if (!values.STORAGE_S3_BUCKET) {
    throw new ConfigError(
      "Invalid configuration:\n  STORAGE_S3_BUCKET: is required when STORAGE_BACKEND is s3",
    );
  }
  return {
    backend: "s3",
    bucket: values.STORAGE_S3_BUCKET,
    endpoint: values.STORAGE_S3_ENDPOINT,
    region: values.STORAGE_S3_REGION,
    forcePathStyle: values.STORAGE_S3_FORCE_PATH_STYLE,
    fileSizeLimit,
  };
}

/** Photos rendered at /storage/v1/render/image (src/server/storage/images/). */
export interface ImagesConfig {
  /** Rendered variants kept on disk: DATA_DIR/image-cache. */
  cacheDir: string;
  /** At most this many bytes of them; the least recently used go first. */
  cacheMaxBytes: number;
  /** Render requests a second per client and image, counted over 4 s (Supabase's setting). */
  renderPerSecond: number;
  /** First renders (cache misses) queued or running per client address at once. */
  firstRendersPerClient: number;
  /**
   * The buckets whose photos are re-encoded without their metadata at upload: `site-media`
   * always, and those STORAGE_CLEAN_BUCKETS names. Every other bucket keeps the bytes it is sent.
   */
  cleanBuckets: string[];
}

export interface Config {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** The schemas /rest/v1 serves, the default first (PostgREST's db-schemas). */
  dbSchemas: string[];
  /** How each REST request's transaction ends (PostgREST's db-tx-end). */
  dbTxEnd: TxEnd;
  /** PGRST_DB_AGGREGATES_ENABLED: aggregate functions in `select`, off as on PostgREST. */
  dbAggregatesEnabled: boolean;
  /** PGRST_DB_MAX_ROWS: the most rows a page holds (1000, hosted Supabase's max-rows). */
  dbMaxRows: number;
  /** PGRST_DB_CONFIG: whether the authenticator role's `pgrst.*` settings override these. */
  dbConfig: boolean;
  /** PGRST_DB_PRE_CONFIG: a function called before those settings are read (PostgREST's). */
  dbPreConfig: string | undefined;
  /** REST requests a minute per client address for anon and accounts not on the team; 0 is none. */
  apiRateLimit: number;
  jwtSecret: string | undefined;
  jwtExpiry: number;
  siteUrl: string;
  /** SITE_URL was not set: `siteUrl` is this machine's, which no visitor can reach. */
  siteUrlIsDefault: boolean;
  /** The Supabase project the site was built to call, when not this server (VITE_SUPABASE_URL). */
  browserSupabaseUrl: string | undefined;
  /** This server's public origin, where OAuth providers send visitors back (/auth/v1/callback). */
  apiExternalUrl: string;
  auth: AuthConfig;
  corsOrigins: string[];
  trustProxyHeader: string | undefined;
  logRequests: boolean;
  /** Whether the database limits visitors' submissions (false for load tests only). */
  submissionLimits: boolean;
  /** Outgoing mail; undefined when SMTP_URL is unset: nothing is sent. */
  mail: MailConfig | undefined;
  /** GET /metrics on a listener of its own; undefined when METRICS_PORT is unset: no metrics. */
  metrics: MetricsConfig | undefined;
  /** Called with a POST after each publish (a static host's build hook); PUBLISH_HOOK_URL. */
  publishHookUrl: string | undefined;
  /**
   * The accounts VITE_LINK_* named at build before the team edited the links, by setting name:
   * published once as an install's first links (src/server/site/publish/seed-build-links.ts).
   */
  buildLinks: Record<string, string>;
  /** STORAGE_BACKEND and its settings: where /storage/v1 keeps objects' bytes. */
  storage: StorageConfig;
  images: ImagesConfig;
  /** /realtime/v1's limits (REALTIME_MAX_*). */
  realtime: RealtimeLimits;
  siteDir: string;
  migrationsDir: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const providerSettings = z
  .object({
    CLIENT_ID: z.string().trim().min(1, "is required"),
    SECRET: z.string().min(1, "is required"),
    ISSUER: z.url().optional(),
    AUTHORIZATION_URL: z.url().optional(),
    TOKEN_URL: z.url().optional(),
    USERINFO_URL: z.url().optional(),
    SCOPES: z.string().trim().optional(),
    TOKEN_AUTH_METHOD: z
      .enum(["client_secret_basic", "client_secret_post"])
      .default("client_secret_basic"),
  })
  .refine((value) => value.ISSUER || (value.AUTHORIZATION_URL && value.TOKEN_URL), {
    message: "needs ISSUER, or AUTHORIZATION_URL and TOKEN_URL",
    path: ["ISSUER"],
  })
  .refine((value) => value.ISSUER || value.USERINFO_URL, {
    message: "needs USERINFO_URL when there is no ISSUER",
    path: ["USERINFO_URL"],
  });

/** AUTH_EXTERNAL_<NAME>_CLIENT_ID, _SECRET, _ISSUER or _AUTHORIZATION_URL/_TOKEN_URL/_USERINFO_URL. */
function readProvider(name: string, env: Record<string, string | undefined>): OAuthProviderConfig {
  const prefix = `AUTH_EXTERNAL_${name.toUpperCase().replaceAll("-", "_")}_`;
  const own = Object.fromEntries(
    Object.entries(env)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
  const parsed = providerSettings.safeParse(own);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${prefix}${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  return {
    name,
    clientId: values.CLIENT_ID,
    secret: values.SECRET,
    issuer: values.ISSUER && withoutTrailingSlashes(values.ISSUER),
    authorizationUrl: values.AUTHORIZATION_URL,
    tokenUrl: values.TOKEN_URL,
    userinfoUrl: values.USERINFO_URL,
    scopes: values.SCOPES ?? (values.ISSUER ? "openid email profile" : ""),
    tokenAuthMethod: values.TOKEN_AUTH_METHOD,
  };
}

const mailAddress = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;".]+$/u;

/** One address, bare (`kalima@example.org`) or with a name (`Kalima <kalima@example.org>`). */
function isMailbox(value: string): boolean {
  const named = /^[^<>\r\n]*<([^<>]+)>$/u.exec(value);
  return mailAddress.test(named?.[1] ?? value);
}

function readMail(values: z.infer<typeof environment>): MailConfig | undefined {
  if (!values.SMTP_URL) {
    if (values.IMAP_URL)
      throw new ConfigError(
        "Invalid configuration:\n  IMAP_URL: needs SMTP_URL (answers come to replies the site sends)",
      );
    return undefined;
  }
  const problems: string[] = [];
  if (!values.MAIL_FROM) problems.push("  MAIL_FROM: is required when SMTP_URL is set");
  else if (!isMailbox(values.MAIL_FROM))
    problems.push("  MAIL_FROM: must be an address such as Kalima <kalima@example.org>");
  if (values.NOTIFY_TO.length === 0)
    problems.push("  NOTIFY_TO: is required when SMTP_URL is set (the team's addresses)");
  const invalid = values.NOTIFY_TO.filter((address) => !mailAddress.test(address));
  if (invalid.length > 0) problems.push(`  NOTIFY_TO: not an address: ${invalid.join(", ")}`);
  if (values.REPLY_TO && !isMailbox(values.REPLY_TO))
    problems.push("  REPLY_TO: must be an address such as Kalima <team@kalima.example>");
  if (problems.length > 0 || !values.MAIL_FROM) {
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return {
    smtpUrl: values.SMTP_URL,
    from: values.MAIL_FROM,
    notifyTo: values.NOTIFY_TO,
    notifyLanguage: values.NOTIFY_LANGUAGE,
    ...(values.REPLY_TO ? { replyTo: values.REPLY_TO } : {}),
    claimSeconds: values.MAIL_CLAIM_SECONDS,
    ...(values.IMAP_URL ? { imapUrl: values.IMAP_URL } : {}),
  };
}

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\./u.test(host);
}

/** The metrics listener, off without METRICS_PORT; anywhere but this machine, only with a token. */
function readMetrics(values: z.infer<typeof environment>): MetricsConfig | undefined {
  const port = values.METRICS_PORT;
  const host = values.METRICS_HOST ?? "127.0.0.1";
  const problems: string[] = [];
  if (port === undefined) {
    for (const name of ["METRICS_HOST", "METRICS_TOKEN"] as const) {
      if (values[name] !== undefined) problems.push(`  ${name}: needs METRICS_PORT`);
    }
  } else {
    if (port !== 0 && port === values.PORT) {
      problems.push("  METRICS_PORT: must differ from PORT: the public port never serves /metrics");
    }
    if (!isLoopback(host) && values.METRICS_TOKEN === undefined) {
      problems.push(
        "  METRICS_TOKEN: is required when METRICS_HOST is not this machine (127.0.0.1, ::1, localhost)",
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return port === undefined ? undefined : { port, host, token: values.METRICS_TOKEN };
}

/** Reads and checks the environment once, at boot; every problem is listed by variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environment.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const siteUrl = withoutTrailingSlashes(values.SITE_URL ?? `http://localhost:${values.PORT}`);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    dbSchemas: values.PGRST_DB_SCHEMAS,
    dbTxEnd: values.PGRST_DB_TX_END,
    dbAggregatesEnabled: values.PGRST_DB_AGGREGATES_ENABLED,
    dbMaxRows: values.PGRST_DB_MAX_ROWS,
    dbConfig: values.PGRST_DB_CONFIG,
    dbPreConfig: values.PGRST_DB_PRE_CONFIG,
    apiRateLimit: values.API_RATE_LIMIT,
    jwtSecret: values.JWT_SECRET,
    jwtExpiry: values.JWT_EXPIRY,
    siteUrl,
    siteUrlIsDefault: values.SITE_URL === undefined,
    browserSupabaseUrl: values.VITE_SUPABASE_URL,
    apiExternalUrl: withoutTrailingSlashes(values.API_EXTERNAL_URL ?? siteUrl),
    auth: {
      autoconfirm: values.AUTH_AUTOCONFIRM,
      disableSignup: values.AUTH_DISABLE_SIGNUP,
      passwordMinLength: values.AUTH_PASSWORD_MIN_LENGTH,
      refreshTokenReuseInterval: values.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      redirectUrls: values.AUTH_REDIRECT_URLS,
      rateLimits: {
        enabled: values.AUTH_RATE_LIMITS,
        token: values.AUTH_RATE_LIMIT_TOKEN,
        signup: values.AUTH_RATE_LIMIT_SIGNUP,
        mfa: values.AUTH_RATE_LIMIT_MFA,
        verify: values.AUTH_RATE_LIMIT_VERIFY,
      },
      providers: values.AUTH_EXTERNAL_PROVIDERS.map((name) => readProvider(name, blankless)),
    },
    corsOrigins: values.CORS_ORIGINS,
    trustProxyHeader: values.TRUST_PROXY?.toLowerCase(),
    logRequests: values.LOG_REQUESTS,
    submissionLimits: values.SUBMISSION_LIMITS,
    mail: readMail(values),
    metrics: readMetrics(values),
    publishHookUrl: values.PUBLISH_HOOK_URL,
    buildLinks: Object.fromEntries(
      linkSettings.flatMap((name) => {
        const value = blankless[name]?.trim();
        return value ? [[name, value]] : [];
      }),
    ),
    storage: readStorage(values, path.resolve(values.DATA_DIR)),
    images: {
      cacheDir: path.join(path.resolve(values.DATA_DIR), "image-cache"),
      cacheMaxBytes: values.IMAGE_CACHE_MAX_BYTES,
      renderPerSecond: values.RATE_LIMITER_RENDER_PATH_MAX_REQ_SEC,
      firstRendersPerClient: values.IMAGE_FIRST_RENDERS_PER_CLIENT,
      cleanBuckets: [...new Set([siteMediaBucket, ...values.STORAGE_CLEAN_BUCKETS])],
    },
    realtime: {
      ...defaultRealtimeLimits,
      connectionsPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_IP,
      channelsPerConnection: values.REALTIME_MAX_CHANNELS_PER_CLIENT,
      joinsPerSecond: values.REALTIME_MAX_JOINS_PER_SECOND,
      eventsPerSecond: values.REALTIME_MAX_EVENTS_PER_SECOND,
      payloadBytes: values.REALTIME_MAX_PAYLOAD_KB * 1000,
      channelsPerAddress: values.REALTIME_MAX_CHANNELS_PER_IP,
      bytesPerSecond: values.REALTIME_MAX_BYTES_PER_SECOND,
      subscriptionsPerAddress: values.REALTIME_MAX_SUBSCRIPTIONS_PER_IP,
      subscriptionsTotal: values.REALTIME_MAX_SUBSCRIPTIONS,
      presenceBytesPerAddress: values.REALTIME_MAX_PRESENCE_KB_PER_IP * 1000,
      presenceBytesTotal: values.REALTIME_MAX_PRESENCE_MB * 1_000_000,
    },
    siteDir: path.resolve(values.SITE_DIR),
    migrationsDir: path.resolve(values.MIGRATIONS_DIR),
  };
}
