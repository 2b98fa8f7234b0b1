import type { Context } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { restError } from "../errors.ts";

export const singleObject = "application/vnd.pgrst.object+json";

/**
 * What the client asked the rows as (Accept): a JSON array, one JSON object, or CSV; under
 * `nulls=stripped` the JSON's objects lose their keys whose value is null (json_strip_nulls).
 */
export interface Format {
  kind: "json" | "object" | "csv";
  stripNulls: boolean;
}

/** A type an Accept header names: the format it asks for, if one this server answers. */
interface Accepted {
  /** The type as PostgREST writes it back (MediaType.toMime), for PGRST107's message. */
  mime: string;
  format: Format | undefined;
}

const json = (stripNulls = false): Format => ({ kind: "json", stripNulls });

// Types PostgREST knows but answers only with what this server does not have (PostGIS, a media
// type handler): written back by their names alone, where another type is written as sent.
const known = new Set([
  "application/geo+json",
  "text/plain",
  "text/xml",
  "application/openapi+json",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
]);

const planOptions = ["analyze", "verbose", "settings", "buffers", "wal"];

/** One media type as PostgREST decodes it (MediaType.decodeMediaType). */
function decodeMediaType(text: string): Accepted {
  const match =
    /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[A-Za-z0-9|-]+))*)/u.exec(
      text,
    );
  if (!match) return { mime: text, format: undefined };
  const type = `${match[1]}/${match[2]}`.toLowerCase();
  const parameters = new Map<string, string>();
  for (const [, key = "", value = ""] of (match[3] ?? "").matchAll(
    /;([A-Za-z0-9-]+)=("[^"]*"|[A-Za-z0-9|-]+)/gu,
  )) {
    parameters.set(key.toLowerCase(), value.replace(/^"(.*)"$/u, "$1"));
  }
  const stripNulls = parameters.get("nulls") === "stripped";
  switch (type) {
    case "application/json":
    case "*/*":
      return { mime: type === "*/*" ? "*/*" : "application/json", format: json() };
    case "text/csv":
      return { mime: "text/csv", format: { kind: "csv", stripNulls: false } };
    case "application/vnd.pgrst.array+json":
    case "application/vnd.pgrst.array":
      return stripNulls
        ? { mime: "application/vnd.pgrst.array+json;nulls=stripped", format: json(true) }
        : { mime: "application/json", format: json() };
    case "application/vnd.pgrst.object+json":
    case "application/vnd.pgrst.object":
      return {
        mime: stripNulls ? `${singleObject};nulls=stripped` : singleObject,
        format: { kind: "object", stripNulls },
      };
    case "application/vnd.pgrst.plan":
    case "application/vnd.pgrst.plan+text":
    case "application/vnd.pgrst.plan+json": {
      // EXPLAIN plans are PostgREST's db-plan-enabled, off by default (as on Supabase).
      const options = (parameters.get("options") ?? "").split("|");
      const chosen = planOptions.filter((option) => options.includes(option));
      const target = decodeMediaType(parameters.get("for") ?? "application/json").mime;
      return {
        mime:
          `application/vnd.pgrst.plan+${type.endsWith("+json") ? "json" : "text"}` +
          `; for="${target}"` +
          (chosen.length > 0 ? `; options=${chosen.join("|")}` : ""),
        format: undefined,
      };
    }
    default:
      return { mime: known.has(type) ? type : text, format: undefined };
  }
}

/**
 * The Accept header's types as PostgREST reads them (wai's parseHttpAccept): spaces removed,
 * `;q=` and what follows it dropped, ordered by quality and then by how specific each is.
 */
function acceptedTypes(accept: string): string[] {
  const ranked = accept.split(",").map((part) => {
    const text = part.replaceAll(" ", "");
    const at = text.indexOf(";q=");
    const type = at === -1 ? text : text.slice(0, at);
    const quality = at === -1 ? "" : (text.slice(at + 3).split(";")[0] ?? "");
    const number = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/u.exec(quality);
    const count = (character: string) => type.split(character).length - 1;
    return { type, quality: number ? Number(number[0]) : 1, specific: count(";") - count("*") };
  });
  ranked.sort((a, b) => b.quality - a.quality || b.specific - a.specific);
  return ranked.map((entry) => entry.type);
}

/**
 * The format of the first type in Accept this server answers, as PostgREST picks it; none is
 * 406 PGRST107, naming every type asked for. No Accept header at all accepts any type.
 */
export function acceptedFormat(accept: string | undefined): Format {
  const types = (accept === undefined ? ["*/*"] : acceptedTypes(accept)).map(decodeMediaType);
  const chosen = types.find((type) => type.format !== undefined)?.format;
  if (!chosen) throw restError.notAcceptable(types.map((type) => type.mime));
  return chosen;
}

/** `aggregate`, JSON, without its objects' null-valued keys when the format asks so. */
export function stripped(format: Format, aggregate: string): string {
  return format.stripNulls ? `json_strip_nulls(${aggregate})` : aggregate;
}

/**
 * The select list that turns the rows of `projected` into a response: the body (a JSON array, or
 * CSV lines as PostgREST writes them, each row's record text without its parentheses), the first
 * row as JSON (CSV's header names its keys) and the number of rows.
 */
export function bodyColumns(format: Format): string {
  const body =
    format.kind === "csv"
      ? `coalesce(string_agg(substring(projected::text, 2, length(projected::text) - 2), E'\\n'), '')`
      : `coalesce(${stripped(format, "json_agg(projected)")}, '[]')::text`;
  const first = format.kind === "csv" ? `(json_agg(projected) -> 0)::text` : "null::text";
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
  if (format.kind === "object" && rows !== 1) throw restError.singularRequired(rows);
}

/** PostgREST's Content-Type for `format`. */
export function contentType(format: Format): string {
  const type = {
    json: format.stripNulls
      ? "application/vnd.pgrst.array+json;nulls=stripped"
      : "application/json",
    object: format.stripNulls ? `${singleObject};nulls=stripped` : singleObject,
    csv: "text/csv",
  }[format.kind];
  return `${type}; charset=utf-8`;
}

/** Sends `result` in the format asked for, with PostgREST's Content-Type. */
export function sendRows(c: Context<AppEnv>, format: Format, result: Rows, status: number) {
  requireSingular(format, result.rows);
  let body = result.body;
  if (format.kind === "object") body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
  if (format.kind === "csv") {
    const header = result.first ? Object.keys(JSON.parse(result.first) as object).join(",") : "";
    body = result.rows === 0 ? header : `${header}\n${body}`;
  }
  c.header("Content-Type", contentType(format));
  if (c.req.method === "HEAD") return c.body(null, status as 200);
  return c.body(body, status as 200);
}
