import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { planRead } from "./plan/read-plan.ts";
import {
  callsPositionally,
  chooseFunction,
  callSql,
  passesBodyWhole,
  type BodyType,
} from "./plan/rpc-function.ts";
import { pageStatus } from "./read.ts";
import { callRequest, requestedPage, type CallRequest } from "./request/api-request.ts";
import { isFilterValue } from "./request/filters.ts";
import { parseBody, requireJson, type Row } from "./request/json-body.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import type { Selectable } from "./request/query-params.ts";
import {
  contentType,
  noRows,
  requireSingular,
  sendRows,
  type Format,
  type Rows,
} from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import type { FunctionInfo } from "./schema-cache.ts";
import { callStatement, type ResultShape } from "./sql/call.ts";
import { identifier, sql } from "./sql/sql.ts";

const reserved = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
  "apikey",
]);

/** The body types a function may take whole, by Content-Type, as PostgREST reads them. */
const rawBodyTypes: Record<string, BodyType> = {
  "text/plain": "text",
  "text/xml": "xml",
  "application/octet-stream": "bytea",
};

interface Arguments {
  keys: string[];
  /** What $1 holds: the named arguments as one JSON object, or the body as it came. */
  value: string | Uint8Array;
  body: BodyType | undefined;
  /** A JSON array came: only a function taking the body whole can be called with it. */
  array?: boolean;
  /** The query parameters left for filters, select, order and paging. */
  rest: [string, string][];
}

/** A GET's or HEAD's arguments: the query parameters that are neither reserved nor filters. */
function queryArguments(
  parameters: [string, string][],
  parameterNames: ReadonlySet<string>,
): Arguments {
  const isArgument = ([key, value]: [string, string]) =>
    !reserved.has(key) &&
    !/^(not\.)?(and|or)$/u.test(key) &&
    (parameterNames.has(key) || !isFilterValue(value));
  const args = Object.fromEntries(parameters.filter(isArgument));
  return {
    keys: Object.keys(args),
    value: JSON.stringify(args),
    body: undefined,
    rest: parameters.filter((entry) => !isArgument(entry)),
  };
}

/** A POST's arguments: a JSON object of named ones, or a body for one parameter to take whole. */
function bodyArguments(request: CallRequest): Arguments {
  const rest = request.parameters;
  const type = request.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const raw = rawBodyTypes[type];
  const body = request.body ?? "";
  if (raw) return { keys: [], value: body, body: raw, rest };
  requireJson(request.contentType);
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  const parsed: Row | Row[] = text.trim() === "" ? {} : parseBody(text);
  const array = Array.isArray(parsed);
  const keys = array ? [] : Object.keys(parsed);
  return { keys, value: text.trim() === "" ? "{}" : text, body: "json", array, rest };
}

/** How a function's result becomes a body: rows, or one value (PostgREST's funcReturnsSingle). */
function shapeOf(fn: FunctionInfo): ResultShape {
  if (fn.columns) return fn.returnsSet ? "rows" : "row";
  return fn.returnsSet ? "values" : "value";
}

/** The columns of the result that filters, select and order may name. */
function selectable(fn: FunctionInfo): Selectable {
  const scalar = { name: "pgrst_scalar", type: "", default: null, generated: false };
  return {
    schema: fn.schema,
    name: fn.name,
    columns: fn.columns ?? new Map([[scalar.name, scalar]]),
  };
}

/** Sends what a function of values answered: one value, or a JSON array of them. */
function sendValues(c: Context<AppEnv>, format: Format, result: Rows, status: number) {
  requireSingular(format, result.rows);
  const one = format.kind === "object" && result.body.startsWith("[");
  const body = one ? JSON.stringify((JSON.parse(result.body) as unknown[])[0]) : result.body;
  // A value is JSON whatever was asked: CSV is for rows.
  c.header(
    "Content-Type",
    contentType(format.kind === "csv" ? { ...format, kind: "json" } : format),
  );
  if (c.req.method === "HEAD") return c.body(null, status as 200);
  return c.body(body, status as 200);
}

/**
 * A body that is not a JSON object is only for a function taking it whole; any other call with
 * it is refused as before: a JSON array as PGRST102, another type as 415 (decision 0014).
 */
function requireWholeBodyCall(fn: FunctionInfo, args: Arguments, contentType: string | undefined) {
  if (args.body === undefined || passesBodyWhole(fn, args.body)) return;
  if (args.body !== "json") {
    throw restError.unsupportedMediaType(contentType?.split(";")[0]?.trim());
  }
  if (args.array) throw restError.invalidBody("A function takes one JSON object");
}

/**
 * /rest/v1/rpc/:function — PostgREST's function call: POST with a JSON object of arguments (or a
 * body a function's one unnamed parameter takes whole), GET and HEAD with them in the query
 * string. Run under the caller's role, read-only for GET and HEAD and for a STABLE or IMMUTABLE
 * function, in one statement; a result of rows takes filters, select, order, paging and count.
 */
export function callFunction(deps: RestDependencies) {
  return async (c: Context<AppEnv>) => {
    const request = await callRequest(c, deps);
    const { preferences, format } = request;
    const post = request.method === "POST";
    const parameterNames = new Set(
      deps.schema
        .functions(request.schema, request.name)
        .flatMap((fn) => fn.parameters.map((parameter) => parameter.name)),
    );
    const args = post ? bodyArguments(request) : queryArguments(request.parameters, parameterNames);
    const fn = chooseFunction(deps.schema, {
      schema: request.schema,
      name: request.name,
      keys: args.keys,
      body: args.body,
    });
    requireWholeBodyCall(fn, args, request.contentType);

    const query = Object.fromEntries(args.rest);
    const page = requestedPage(
      request.method,
      c.req.header("range"),
      query,
      deps.settings.current.maxRows,
    );
    const whole = callsPositionally(fn);
    const shape = shapeOf(fn);
    // A function returning a table's rows embeds along that table's relationships.
    const plan = planRead(
      {
        selectable: selectable(fn),
        origin: fn.returnsRowOf,
        from: sql`pgrst_source as ${identifier(fn.name)}`,
        // Its rows' computed fields too, as on a read of their table.
        computed:
          fn.returnsRowOf &&
          deps.schema.computedFields(fn.returnsRowOf.schema, fn.returnsRowOf.name),
      },
      { query, parameters: args.rest, page },
      // count=estimated counts exactly here: the whole result is at hand (PostgREST 12 counts
      // both); a planned count is not given.
      preferences.count === "exact" || preferences.count === "estimated" ? "exact" : undefined,
      deps,
    );
    const { rows } = await execute<Rows & { total: number | null }>(
      deps,
      requestRole(c, deps),
      request.authenticated,
      callStatement(fn, callSql(fn, args.keys, whole, args.value), shape, plan, format),
      // max-affected under handling=strict bounds the rows a call answers, as PostgREST 12
      // bounds them: more undoes what the function did.
      transactionShape("call", deps, preferences, format, { readOnly: !post || !fn.volatile }),
    );
    const result = rows[0] ?? { ...noRows, total: null };

    const status = pageStatus(c, page.offset, result.rows, result.total ?? undefined);
    const applied = preferenceApplied(preferences, appliedBy.call);
    if (applied) c.header("Preference-Applied", applied);
    if (fn.returnsVoid) return c.body(null, 204);
    if (shape === "rows") return sendRows(c, format, result, status);
    return sendValues(c, format, result, status);
  };
}
