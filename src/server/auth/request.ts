import type { Context } from "hono";
import { maxJsonDepth, nestsDeeperThan } from "../http/json-depth.ts";
import { authError } from "./errors.ts";

export type JsonObject = Record<string, unknown>;

/** The JSON object a GoTrue endpoint reads its parameters from; anything else is `bad_json`. */
export async function readParams(c: Context): Promise<JsonObject> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw authError.badJson(text.trim() === "" ? "unexpected end of JSON input" : String(error));
  }
  if (nestsDeeperThan(body, maxJsonDepth)) {
    throw authError.badJson(`the body nests deeper than ${maxJsonDepth} levels`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw authError.badJson("the body must be a JSON object");
  }
  return body as JsonObject;
}

/** A string parameter; null and absent are the same; another type is `bad_json`, as in Go. */
export function stringParam(params: JsonObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw authError.badJson(
      `json: cannot unmarshal ${typeof value} into field ${name} of type string`,
    );
  }
  return value;
}

/** A boolean parameter; null and absent are false, as Go decodes them into a bool. */
export function booleanParam(params: JsonObject, name: string): boolean {
  const value = params[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") {
    throw authError.badJson(
      `json: cannot unmarshal ${typeof value} into field ${name} of type bool`,
    );
  }
  return value;
}

export function objectParam(params: JsonObject, name: string): JsonObject | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw authError.badJson(
      `json: cannot unmarshal ${typeof value} into field ${name} of type object`,
    );
  }
  return value as JsonObject;
}

export function requestUserAgent(c: Context): string | null {
  return c.req.header("user-agent") || null;
}
