import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import { fromDatabaseError, PostgrestError, restError } from "./errors.ts";
import { operators } from "./filters.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import { readPreferences } from "./prefer.ts";
import { qualifiedName, quoteIdentifier } from "./query-params.ts";
import type { FunctionInfo, SchemaCache } from "./schema-cache.ts";
import { queryParameters, readRelation, runner } from "./select.ts";
import { closestName, requireProfile } from "./table.ts";

const reserved = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
  "apikey",
]);
const filterValue = new RegExp(`^(not\\.)?(${Object.keys(operators).join("|")})\\.`, "u");

function accepts(fn: FunctionInfo, keys: readonly string[]): boolean {
  const names = new Set(fn.parameters.map((parameter) => parameter.name));
  return (
    keys.every((name) => names.has(name)) &&
    fn.parameters.every((parameter) => parameter.hasDefault || keys.includes(parameter.name))
  );
}

const singleJson = (fn: FunctionInfo) =>
  fn.parameters.length === 1 &&
  fn.parameters[0]?.name === "" &&
  ["json", "jsonb"].includes(fn.parameters[0].type);

/** The overload PostgREST would call with these argument names, else its PGRST202 or PGRST203. */
function chooseFunction(
  schema: SchemaCache,
  schemaName: string,
  name: string,
  keys: string[],
  post: boolean,
): { fn: FunctionInfo; wholeBody: boolean } {
  const overloads = schema.functions(schemaName, name);
  const matching = overloads.filter((fn) => accepts(fn, keys));
  if (matching.length === 1 && matching[0]) return { fn: matching[0], wholeBody: false };
  if (matching.length > 1) {
    throw restError.ambiguousFunction(
      matching.map(
        (fn) =>
          `${fn.schema}.${fn.name}(${fn.parameters.map((parameter) => `${parameter.name} => ${parameter.type}`).join(", ")})`,
      ),
    );
  }
  const whole = post ? overloads.find(singleJson) : undefined;
  if (whole) return { fn: whole, wholeBody: true };
  const sorted = [...keys].sort();
  const listed = (names: string[]) => `(${[...names].sort().join(", ")})`;
  const hint =
    overloads.length === 0
      ? closestName(name, schema.functionNames(schemaName), 0.75)
      : (() => {
          const closest = closestName(
            listed(sorted),
            overloads.map((fn) => listed(fn.parameters.map((parameter) => parameter.name))),
            0.33,
          );
          return closest && `${name}${closest}`;
        })();
  throw restError.noFunction(
    schemaName,
    name,
    sorted,
    post,
    hint && `Perhaps you meant to call the function ${schemaName}.${hint}`,
  );
}

/**
 * The call, its arguments read from one JSON object in $1 as PostgREST reads them
 * (json_to_record with each parameter's type), so PostgreSQL casts every value.
 */
function callSql(
  fn: FunctionInfo,
  keys: string[],
  wholeBody: boolean,
): { args: string; call: string } {
  if (wholeBody)
    return { args: "", call: `${qualifiedName(fn)}($1::${fn.parameters[0]?.type ?? "json"})` };
  const used = fn.parameters.filter((parameter) => keys.includes(parameter.name));
  if (used.length === 0) return { args: "", call: `${qualifiedName(fn)}()` };
  const definitions = used.map(
    (parameter) => `${quoteIdentifier(parameter.name)} ${parameter.type}`,
  );
  const named = used.map(
    (parameter) =>
      `${parameter.variadic ? "variadic " : ""}${quoteIdentifier(parameter.name)} := pgrst_args.${quoteIdentifier(parameter.name)}`,
  );
  return {
    args: `json_to_record($1::json) as pgrst_args(${definitions.join(", ")}),`,
    call: `${qualifiedName(fn)}(${named.join(", ")})`,
  };
}

/**
 * /rest/v1/rpc/:function — PostgREST's function call: POST with a JSON object of arguments, GET
 * and HEAD with them in the query string (run read-only). Executed under the caller's role, so
 * EXECUTE grants decide. A set or table result takes filters, select, order, paging and count.
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
    const preferences = readPreferences(c.req.header("prefer"));
    const parameters = queryParameters(c.req.url);
    const overloads = deps.schema.functions(schemaName, name);
    const parameterNames = new Set(
      overloads.flatMap((fn) => fn.parameters.map((parameter) => parameter.name)),
    );

    let args: Row;
    let rest: [string, string][] = parameters;
    if (post) {
      requireJson(c.req.header("content-type"));
      const text = await c.req.text();
      const body = text.trim() === "" ? {} : parseBody(text);
      if (Array.isArray(body)) throw restError.invalidBody("A function takes one JSON object");
      args = body;
    } else {
      const isArgument = ([key, value]: [string, string]) =>
        !reserved.has(key) &&
        !/^(not\.)?(and|or)$/u.test(key) &&
        (parameterNames.has(key) || !filterValue.test(value));
      args = Object.fromEntries(parameters.filter(isArgument));
      rest = parameters.filter((entry) => !isArgument(entry));
    }
    const keys = Object.keys(args);
    const { fn, wholeBody } = chooseFunction(deps.schema, schemaName, name, keys, post);
    const { args: from, call } = callSql(fn, keys, wholeBody);
    const run = runner(c, deps, !post);
    const authenticated = c.get("claims").role !== "anon";
    const params = keys.length > 0 || wholeBody ? [JSON.stringify(args)] : [];

    if (fn.returnsSet && fn.columns) {
      const alias = quoteIdentifier(fn.name);
      return readRelation(
        c,
        {
          selectable: { schema: fn.schema, name: fn.name, columns: fn.columns },
          from: `(select pgrst_result.* from ${from} lateral ${call} as pgrst_result) as ${alias}`,
          params,
          parameters: rest,
        },
        preferences,
        run,
        authenticated,
      );
    }
    const value = fn.returnsSet
      ? `coalesce((select json_agg(pgrst_result) from ${from} lateral ${call} as pgrst_result), '[]')`
      : `(select to_json(${call}) ${from ? `from ${from.replace(/,$/u, "")}` : ""})`;
    let body: string;
    try {
      const { rows } = await run<{ body: string }>(
        `select coalesce(${value}::text, 'null') as body`,
        params,
      );
      body = rows[0]?.body ?? "null";
    } catch (error) {
      throw fromDatabaseError(error, authenticated);
    }
    c.header("Content-Type", "application/json; charset=utf-8");
    if (method === "HEAD") return c.body(null, 200);
    return c.body(body, 200);
  };
}
