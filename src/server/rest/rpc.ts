import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import type { SchemaCache } from "./schema-cache.ts";
import { fromDatabaseError, PostgrestError, restError } from "./errors.ts";
import { isFilterValue, parseFilters } from "./filters.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import { columnResolver, planSelect } from "./embed.ts";
import {
  affectedBound,
  appliedBy,
  preferenceApplied,
  requestPreferences,
  requireAffectedAtMost,
  rollsBack,
  type Preferences,
} from "./prefer.ts";
import { orderClause, type Selectable } from "./query-params.ts";
import {
  acceptedFormat,
  bodyColumns,
  contentType,
  noRows,
  requireSingular,
  sendRows,
  stripped,
  type Format,
  type Rows,
} from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import {
  chooseFunction,
  callSql,
  passesBodyWhole,
  type BodyType,
  type CallRequest,
} from "./rpc-function.ts";
import type { FunctionInfo } from "./schema-cache.ts";
import {
  countedRows,
  filterConditions,
  notingNames,
  pageStatus,
  queryParameters,
  requestedPage,
  runner,
} from "./select.ts";
import { clause, identifier, param, raw, render, sql, type Sql } from "./sql/sql.ts";
import { requireProfile } from "./table.ts";
import { inTransaction } from "./transaction.ts";

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
function queryArguments(url: string, parameterNames: ReadonlySet<string>): Arguments {
  const parameters = queryParameters(url);
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
async function bodyArguments(c: Context<AppEnv>): Promise<Arguments> {
  const rest = queryParameters(c.req.url);
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const raw = rawBodyTypes[type];
  if (raw === "bytea") {
    return { keys: [], value: new Uint8Array(await c.req.arrayBuffer()), body: raw, rest };
  }
  if (raw) return { keys: [], value: await c.req.text(), body: raw, rest };
  requireJson(c.req.header("content-type"));
  const text = await c.req.text();
  const parsed: Row | Row[] = text.trim() === "" ? {} : parseBody(text);
  const array = Array.isArray(parsed);
  const keys = array ? [] : Object.keys(parsed);
  return { keys, value: text.trim() === "" ? "{}" : text, body: "json", array, rest };
}

/** How a function's result becomes a body: rows, or one value (PostgREST's funcReturnsSingle). */
type Shape = "rows" | "row" | "values" | "value";

function shapeOf(fn: FunctionInfo): Shape {
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

function bodySql(shape: Shape, format: Format): Sql {
  return raw(bodyText(shape, format));
}

function bodyText(shape: Shape, format: Format): string {
  if (shape === "rows") return bodyColumns(format);
  const first = `(json_agg(projected${shape === "row" ? "" : ".pgrst_scalar"}) -> 0)`;
  const single = `coalesce(${stripped(format, first)}::text, 'null')`;
  const body = {
    row: single,
    value: single,
    values: `coalesce(${stripped(format, "json_agg(projected.pgrst_scalar)")}, '[]')::text`,
  }[shape];
  return `${body} as body, null::text as first, ${shape === "values" ? "count(*)::int" : "1"} as rows`;
}

/**
 * The one statement of a call, as PostgREST's: the function runs once, in the CTE pgrst_source,
 * and the page and its count are both read from that result.
 */
function callStatement(
  fn: FunctionInfo,
  args: Arguments,
  preferences: Preferences,
  page: { offset: number; limit: number; format: Format },
  embedding: { cache: SchemaCache; aggregatesEnabled: boolean },
): Sql {
  const whole = passesBodyWhole(fn, args.body);
  const { from, call } = callSql(fn, args.keys, whole, args.value);
  const shape = shapeOf(fn);
  const source = fn.columns
    ? sql`select pgrst_call.* from ${from ? sql`${from}, lateral ` : raw("")}${call} as pgrst_call`
    : sql`select ${call} as pgrst_scalar${from ? sql` from ${from}` : raw("")}`;
  const query = Object.fromEntries(args.rest);
  const relation = selectable(fn);
  // A function returning a table's rows embeds along that table's relationships.
  const plan = planSelect(
    query.select,
    { ...relation, alias: identifier(fn.name), origin: fn.returnsRowOf },
    args.rest,
    embedding,
  );
  const names = notingNames(plan.embedded);
  const filters = filterConditions(parseFilters(plan.rootParameters), relation, {
    embedded: names.embedded,
  });
  const order = orderClause(
    query.order,
    relation,
    columnResolver({ ...relation, alias: identifier(fn.name) }),
  );
  const alias = sql`pgrst_source as ${identifier(fn.name)}`;
  // count=estimated counts exactly here: the whole result is at hand (PostgREST 12 counts both).
  const total =
    preferences.count === "exact" || preferences.count === "estimated"
      ? sql`(select count(*)::int ${countedRows(alias, filters, plan.embeds, names.named)})`
      : raw("null::int");
  const columns = shape === "rows" || shape === "row" ? plan.columns : raw("pgrst_scalar");
  return sql`with pgrst_source as (${source})
    select ${bodySql(shape, page.format)}, ${total} as total
      from (select ${columns}
              from ${alias} ${plan.joins} ${clause("where", filters)} ${plan.groupBy} ${order}
             limit ${param(page.limit)} offset ${param(page.offset)}) projected`;
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
    const method = c.req.method;
    if (!["GET", "HEAD", "POST"].includes(method)) {
      throw new PostgrestError(405, "PGRST101", `Cannot use the ${method} method on RPC`);
    }
    const post = method === "POST";
    const schemaName = requireProfile(
      deps.schema,
      c.req.header(post ? "content-profile" : "accept-profile"),
    );
    const name = c.req.param("function") ?? "";
    const preferences = await requestPreferences(c, deps);
    const format = acceptedFormat(c.req.header("accept"));
    const parameterNames = new Set(
      deps.schema
        .functions(schemaName, name)
        .flatMap((fn) => fn.parameters.map((parameter) => parameter.name)),
    );
    const args = post ? await bodyArguments(c) : queryArguments(c.req.url, parameterNames);
    const request: CallRequest = { schema: schemaName, name, keys: args.keys, body: args.body };
    const fn = chooseFunction(deps.schema, request);
    requireWholeBodyCall(fn, args, c.req.header("content-type"));

    const { offset, limit } = requestedPage(c, Object.fromEntries(args.rest));
    const statement = callStatement(
      fn,
      args,
      preferences,
      { offset, limit, format },
      { cache: deps.schema, aggregatesEnabled: deps.aggregatesEnabled ?? false },
    );
    const mode = { readOnly: !post || !fn.volatile, rollback: rollsBack(deps.txEnd, preferences) };
    let result: Rows & { total: number | null };
    try {
      if (affectedBound(preferences) === undefined) {
        const { rows } = await runner(c, deps, mode)<Rows & { total: number | null }>(statement);
        result = rows[0] ?? { ...noRows, total: null };
      } else {
        // max-affected under handling=strict bounds the rows a call answers, as PostgREST 12
        // bounds them: more undoes what the function did, so it runs in a transaction.
        const { text, values } = render(statement);
        result = await inTransaction(deps.db, requestRole(c, deps), mode, async (tx) => {
          const { rows } = await tx.query<Rows & { total: number | null }>(text, values);
          const answered = rows[0] ?? { ...noRows, total: null };
          requireAffectedAtMost(preferences, answered.rows);
          return answered;
        });
      }
    } catch (error) {
      throw fromDatabaseError(error, c.get("claims").role !== "anon");
    }

    const status = pageStatus(c, offset, result.rows, result.total ?? undefined);
    const applied = preferenceApplied(preferences, appliedBy.call);
    if (applied) c.header("Preference-Applied", applied);
    if (fn.returnsVoid) return c.body(null, 204);
    if (shapeOf(fn) === "rows") return sendRows(c, format, result, status);
    return sendValues(c, format, result, status);
  };
}
