import path from "node:path";
import { z } from "zod";

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
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604800).default(3600),
  SITE_URL: z.url({ error: "must be an absolute URL such as https://kalima.example" }).optional(),
  CORS_ORIGINS: commaList,
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/u, "must be a header name such as X-Forwarded-For")
    .optional(),
  LOG_REQUESTS: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
  SITE_DIR: z.string().trim().min(1).default("./build/client"),
  MIGRATIONS_DIR: z.string().trim().min(1).default("./supabase/migrations"),
});

export interface Config {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string | undefined;
  jwtExpiry: number;
  siteUrl: string;
  corsOrigins: string[];
  trustProxyHeader: string | undefined;
  logRequests: boolean;
  siteDir: string;
  migrationsDir: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
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
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    jwtSecret: values.JWT_SECRET,
    jwtExpiry: values.JWT_EXPIRY,
    siteUrl: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/u, ""),
    corsOrigins: values.CORS_ORIGINS,
    trustProxyHeader: values.TRUST_PROXY?.toLowerCase(),
    logRequests: values.LOG_REQUESTS,
    siteDir: path.resolve(values.SITE_DIR),
    migrationsDir: path.resolve(values.MIGRATIONS_DIR),
  };
}
