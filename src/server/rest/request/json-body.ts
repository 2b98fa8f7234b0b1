import { maxJsonDepth, nestsDeeperThan } from "../../http/json-depth.ts";
import { restError } from "../errors.ts";

export type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A write's body: one JSON object or an array of them, else PGRST102 as on PostgREST. */
export function parseBody(text: string): Row[] | Row {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw restError.invalidBody();
  }
  if (nestsDeeperThan(body, maxJsonDepth)) {
    throw restError.invalidBody(`JSON nests deeper than ${maxJsonDepth} levels`);
  }
  if (isRow(body)) return body;
  if (Array.isArray(body) && body.every(isRow)) return body;
  throw restError.invalidBody("The body must be a JSON object or an array of objects");
}

/**
 * Writes take JSON only, declared as such, as supabase-js sends them: a missing or other type
 * is refused before the body is read. An HTML form can post text/plain or a urlencoded body
 * across sites without asking; it cannot send application/json without a CORS preflight.
 */
export function requireJson(contentType: string | undefined): void {
  if (!contentType || !/^application\/json\s*(;|$)/iu.test(contentType)) {
    throw restError.unsupportedMediaType(contentType?.split(";")[0]?.trim() || undefined);
  }
}
