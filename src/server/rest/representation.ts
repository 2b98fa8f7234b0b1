import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { restError } from "./errors.ts";

export const singleObject = "application/vnd.pgrst.object+json";

/** What the client asked the rows as (Accept): a JSON array, one JSON object, or CSV. */
export type Format = "json" | "object" | "csv";

export function acceptedFormat(accept: string | undefined): Format {
  const types = (accept ?? "").split(",").map((part) => part.split(";")[0]?.trim().toLowerCase());
  if (types.includes(singleObject)) return "object";
  if (types.includes("text/csv")) return "csv";
  return "json";
}

/**
 * The select list that turns the rows of `projected` into a response: the body (a JSON array, or
 * CSV lines as PostgREST writes them, each row's record text without its parentheses), the first
 * row as JSON (CSV's header names its keys) and the number of rows.
 */
export function bodyColumns(format: Format): string {
  const body =
    format === "csv"
      ? `coalesce(string_agg(substring(projected::text, 2, length(projected::text) - 2), E'\\n'), '')`
      : `coalesce(json_agg(projected), '[]')::text`;
  const first = format === "csv" ? `(json_agg(projected) -> 0)::text` : "null::text";
  return `${body} as body, ${first} as first, count(*)::int as rows`;
}

export interface Rows {
  body: string;
  first: string | null;
  rows: number;
  /** How many rows an upsert inserted rather than merged (upsertQuery). */
  inserted?: number;
}

export const noRows: Rows = { body: "[]", first: null, rows: 0 };

/** An object was asked for and the result is not exactly one row: 406 PGRST116. */
export function requireSingular(format: Format, rows: number): void {
  if (format === "object" && rows !== 1) throw restError.singularRequired(rows);
}

/** Sends `result` in the format asked for, with PostgREST's Content-Type. */
export function sendRows(c: Context<AppEnv>, format: Format, result: Rows, status: number) {
  requireSingular(format, result.rows);
  let body = result.body;
  if (format === "object") body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
  if (format === "csv") {
    const header = result.first ? Object.keys(JSON.parse(result.first) as object).join(",") : "";
    body = result.rows === 0 ? header : `${header}\n${body}`;
  }
  const type = { json: "application/json", object: singleObject, csv: "text/csv" }[format];
  c.header("Content-Type", `${type}; charset=utf-8`);
  if (c.req.method === "HEAD") return c.body(null, status as 200);
  return c.body(body, status as 200);
}
