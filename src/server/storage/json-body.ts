import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { limitBody } from "../rest/body-limit.ts";
import { storageError } from "./errors.ts";

const jsonBodyLimit = 1024 * 1024;

/** The most names one request may remove or sign, as Supabase Storage's schemas allow. */
export const bulkLimit = 1000;

/**
 * In front of every route that reads a JSON body: a body over 1 MB is refused as it streams,
 * before the rest of it is read (Supabase Storage's own limit on a JSON body is Fastify's 1 MB).
 */
export function limitJsonBody(): MiddlewareHandler<AppEnv> {
  return limitBody(jsonBodyLimit, storageError.entityTooLarge);
}

/** A request's JSON object, or the refusal Supabase Storage gives for what is not one. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw storageError.invalidJsonBody();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw storageError.invalidBody("body must be object");
  }
  return parsed as Record<string, unknown>;
}

export function requiredString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined)
    throw storageError.invalidBody(`body must have required property '${name}'`);
  if (typeof value !== "string") throw storageError.invalidBody(`body/${name} must be string`);
  return value;
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw storageError.invalidBody(`body/${name} must be string`);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw storageError.invalidBody(`body/${name} must be boolean`);
  return value;
}

/** A whole number of at least `minimum`, as the routes' schemas (`integer`, `minimum`) say, and exact. */
export function optionalInteger(
  body: Record<string, unknown>,
  name: string,
  minimum: number,
): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw storageError.invalidBody(`body/${name} must be integer`);
  }
  if (value < minimum) throw storageError.invalidBody(`body/${name} must be >= ${minimum}`);
  // Past this, a number is no longer exact, nor one PostgreSQL's bigint holds.
  if (value > Number.MAX_SAFE_INTEGER) {
    throw storageError.invalidBody(`body/${name} must be <= ${Number.MAX_SAFE_INTEGER}`);
  }
  return value;
}

/** At least one string and at most `maxItems`, in the words of the routes' schemas (`maxItems`). */
export function stringArray(
  body: Record<string, unknown>,
  name: string,
  maxItems: number,
): string[] {
  const value = body[name];
  if (value === undefined)
    throw storageError.invalidBody(`body must have required property '${name}'`);
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw storageError.invalidBody(`body/${name} must be array of strings`);
  }
  if (value.length === 0) {
    throw storageError.invalidBody(`body/${name} must NOT have fewer than 1 items`);
  }
  if (value.length > maxItems) {
    throw storageError.invalidBody(`body/${name} must NOT have more than ${maxItems} items`);
  }
  return value as string[];
}
