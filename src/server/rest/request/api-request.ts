import type { Context } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { RestDependencies } from "../dependencies.ts";
import { PostgrestError } from "../errors.ts";
import { requireJson } from "./json-body.ts";
import { requestPreferences, type Preferences } from "./prefer.ts";
import { pagingNumber, rangeHeader } from "./query-params.ts";
import { acceptedFormat, type Format } from "./representation.ts";
import type { TableInfo } from "../schema-cache.ts";
import { requireProfile, requireTable } from "../table.ts";

// The first stage, as PostgREST's ApiRequest: everything a handler needs of the HTTP request,
// read once and in one order, so that no verb reads a header of its own. What needs the schema
// cache beyond the target's name is the plan's (plan/), and SQL is sql/'s.

/** What a request asks of its target: PostgREST's Action. */
export type Action = "read" | "insert" | "update" | "upsert" | "delete" | "call";

interface Common {
  method: string;
  /** The schema it is about: Accept-Profile (reads) or Content-Profile (writes). */
  schema: string;
  preferences: Preferences;
  /** The format of the answer, from Accept. */
  format: Format;
  /** The query string in order, `+` read as a space (PostgREST's parseQueryReplacePlus). */
  parameters: [string, string][];
  /** The query string by name (the last of a repeated name). */
  query: Record<string, string>;
  /** Whether the caller is not anon: a denied table is then 403 rather than 401. */
  authenticated: boolean;
}

export interface RelationRequest extends Common {
  action: Exclude<Action, "call">;
  table: TableInfo;
  /** A write's body, as it came. */
  body: string | undefined;
  /** A read's page: `offset` and `limit` or `Range`, at most max-rows. */
  page: Page;
}

export interface CallRequest extends Common {
  action: "call";
  /** The function's name; which overload, the plan decides. */
  name: string;
  contentType: string | undefined;
  /** A POST's body: bytes for application/octet-stream, else text. */
  body: string | Uint8Array | undefined;
}

export type ApiRequest = RelationRequest | CallRequest;

export interface Page {
  offset: number;
  limit: number;
}

/** The query string in order, `+` read as a space (PostgREST's parseQueryReplacePlus). */
export function queryParameters(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

/** The page asked for: `offset` and `limit`, or a GET's `Range`, at most `maxRows` (db-max-rows). */
export function requestedPage(
  method: string,
  range: string | undefined,
  query: Record<string, string>,
  maxRows: number,
): Page {
  const header = method === "GET" ? rangeHeader(range) : undefined;
  const offset = pagingNumber("offset", query.offset) ?? header?.offset ?? 0;
  const limit = Math.min(pagingNumber("limit", query.limit) ?? header?.limit ?? maxRows, maxRows);
  return { offset, limit };
}

const actions: Record<string, Exclude<Action, "call">> = {
  GET: "read",
  HEAD: "read",
  POST: "insert",
  PATCH: "update",
  PUT: "upsert",
  DELETE: "delete",
};

/** /rest/v1/:table, read in the order PostgREST's errors come in. */
export async function relationRequest(
  c: Context<AppEnv>,
  deps: RestDependencies,
): Promise<RelationRequest> {
  const method = c.req.method;
  const action = actions[method] ?? "read";
  const read = action === "read";
  const schema = requireProfile(
    deps.schema,
    c.req.header(read ? "accept-profile" : "content-profile"),
  );
  const table = requireTable(deps.schema, schema, c.req.param("table") ?? "");
  if (action === "insert" || action === "update" || action === "upsert") {
    requireJson(c.req.header("content-type"));
  }
  const preferences = await requestPreferences(c, deps);
  const parameters = queryParameters(c.req.url);
  const query = Object.fromEntries(parameters);
  // A read's page is read before its format, as PostgREST reads its range first.
  const { maxRows } = deps.settings.current;
  const page = read
    ? requestedPage(method, c.req.header("range"), query, maxRows)
    : { offset: 0, limit: maxRows };
  const format = acceptedFormat(c.req.header("accept"));
  const hasBody = action === "insert" || action === "update" || action === "upsert";
  return {
    method,
    action,
    schema,
    table,
    preferences,
    format,
    parameters,
    query,
    authenticated: c.get("claims").role !== "anon",
    body: hasBody ? await c.req.text() : undefined,
    page,
  };
}

/** /rest/v1/rpc/:function: POST with its arguments in the body, GET and HEAD in the query. */
export async function callRequest(
  c: Context<AppEnv>,
  deps: RestDependencies,
): Promise<CallRequest> {
  const method = c.req.method;
  if (!["GET", "HEAD", "POST"].includes(method)) {
    throw new PostgrestError(405, "PGRST101", `Cannot use the ${method} method on RPC`);
  }
  const post = method === "POST";
  const schema = requireProfile(
    deps.schema,
    c.req.header(post ? "content-profile" : "accept-profile"),
  );
  const name = c.req.param("function") ?? "";
  const preferences = await requestPreferences(c, deps);
  const format = acceptedFormat(c.req.header("accept"));
  const contentType = c.req.header("content-type");
  const parameters = queryParameters(c.req.url);
  const bytes = contentType?.split(";")[0]?.trim().toLowerCase() === "application/octet-stream";
  let body: string | Uint8Array | undefined;
  if (post) body = bytes ? new Uint8Array(await c.req.arrayBuffer()) : await c.req.text();
  return {
    method,
    action: "call",
    schema,
    name,
    preferences,
    format,
    parameters,
    query: Object.fromEntries(parameters),
    authenticated: c.get("claims").role !== "anon",
    contentType,
    body,
  };
}
