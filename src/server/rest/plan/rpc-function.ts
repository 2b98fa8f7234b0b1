import { restError } from "../errors.ts";
import { closestMatch } from "../fuzzy.ts";
import { identifier, join, param, qualified, raw, sql, type Sql } from "../sql/sql.ts";
import type { FunctionInfo, SchemaCache } from "../schema-cache.ts";

/** What a call's arguments arrived as: named (a query string or a JSON object) or a raw body. */
export type BodyType = "json" | "text" | "xml" | "bytea";

export interface CallRequest {
  schema: string;
  name: string;
  /** The argument names: the JSON object's keys, or the query string's. */
  keys: string[];
  /** A POST's body type; undefined for GET and HEAD. */
  body: BodyType | undefined;
}

/** The type a function's one parameter must have to take a body of this type whole. */
const wholeBodyTypes: Record<BodyType, readonly string[]> = {
  json: ["json", "jsonb"],
  text: ["text"],
  xml: ["xml"],
  bytea: ["bytea"],
};

function matchesKeys(fn: FunctionInfo, request: CallRequest): boolean {
  if (fn.parameters.length === 0) {
    return request.keys.length === 0 && (request.body === undefined || request.body === "json");
  }
  const names = new Set(fn.parameters.map((parameter) => parameter.name));
  return (
    request.keys.every((key) => names.has(key)) &&
    fn.parameters.every(
      (parameter) => parameter.hasDefault || request.keys.includes(parameter.name),
    )
  );
}

function takesBody(fn: FunctionInfo, body: BodyType | undefined): boolean {
  const [only, ...others] = fn.parameters;
  return (
    body !== undefined &&
    only !== undefined &&
    others.length === 0 &&
    wholeBodyTypes[body].includes(only.type)
  );
}

/** The function's signature as PostgREST lists it among candidates: `s.f(a => integer)`. */
function signature(fn: FunctionInfo): string {
  const parameters = fn.parameters.map((parameter) => `${parameter.name} => ${parameter.type}`);
  return `${fn.schema}.${fn.name}(${parameters.join(", ")})`;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * PostgREST's order of overloads (Routine.hs, `instance Ord Routine`): fewer parameters first,
 * then parameter by parameter its name, its type, whether it is required, whether it is variadic.
 */
function overloadOrder(a: FunctionInfo, b: FunctionInfo): number {
  if (a.parameters.length !== b.parameters.length) {
    return a.parameters.length - b.parameters.length;
  }
  for (const [index, left] of a.parameters.entries()) {
    const right = b.parameters[index];
    if (!right) break;
    const order =
      compareText(left.name, right.name) ||
      compareText(left.type, right.type) ||
      Number(right.hasDefault) - Number(left.hasDefault) ||
      Number(left.variadic) - Number(right.variadic);
    if (order !== 0) return order;
  }
  return 0;
}

const listed = (names: readonly string[]) => `(${[...names].sort().join(", ")})`;

function noFunction(schema: SchemaCache, request: CallRequest, overloads: readonly FunctionInfo[]) {
  const keys = [...request.keys].sort();
  if (request.body !== undefined && request.body !== "json") {
    return restError.noFunction(request.schema, request.name, keys, request.body, undefined);
  }
  // A function's name is suggested only when three quarters alike, so that a guess does not
  // reveal the others (Error.hs, getFuzzyHint); its parameters at the library's 0.33.
  const closest =
    overloads.length === 0
      ? closestMatch(request.name, schema.functionNames(request.schema), 0.75)
      : closestMatch(
          listed(keys),
          overloads.map((fn) => listed(fn.parameters.map((parameter) => parameter.name))),
        );
  const hint =
    closest &&
    `Perhaps you meant to call the function ${request.schema}.${overloads.length === 0 ? "" : request.name}${closest}`;
  return restError.noFunction(request.schema, request.name, keys, request.body, hint);
}

/**
 * The overload PostgREST calls (Plan.hs, findProc): the one whose parameters the argument names
 * fit, else, for a POST, the one whose single parameter takes the body's type whole; several is
 * PGRST203, none PGRST202.
 */
export function chooseFunction(schema: SchemaCache, request: CallRequest): FunctionInfo {
  const overloads = schema.functions(request.schema, request.name);
  const matching = overloads.filter((fn) => matchesKeys(fn, request));
  const fallback = overloads.filter(
    (fn) => !matchesKeys(fn, request) && takesBody(fn, request.body),
  );
  const chosen = matching.length > 0 ? matching : fallback;
  if (chosen.length > 1) {
    throw restError.ambiguousFunction([...chosen].sort(overloadOrder).map(signature));
  }
  if (chosen[0]) return chosen[0];
  throw noFunction(schema, request, overloads);
}

/** Whether the call passes the body whole, as the function's one unnamed parameter. */
export function passesBodyWhole(fn: FunctionInfo, body: BodyType | undefined): boolean {
  return takesBody(fn, body) && fn.parameters[0]?.name === "";
}

/**
 * Whether the call passes one positional argument: a function whose one parameter has no name
 * is always called so (PostgREST's OnePosParam, Plan.hs callPlan), with the body as it came or
 * the query string's arguments as one JSON object, whatever their keys (supabase-js sends `""`).
 */
export function callsPositionally(fn: FunctionInfo): boolean {
  return fn.parameters.length === 1 && fn.parameters[0]?.name === "";
}

/**
 * The call and the FROM items it reads its arguments from: named arguments from one JSON object
 * (`value`) as PostgREST reads them (json_to_record with each parameter's type, so PostgreSQL
 * casts every value), or the body whole, cast to the one parameter's type.
 */
export function callSql(
  fn: FunctionInfo,
  keys: readonly string[],
  whole: boolean,
  value: unknown,
): { from: Sql | undefined; call: Sql } {
  const target = qualified(fn);
  if (whole) {
    return {
      from: undefined,
      call: sql`${target}(${param(value)}::${raw(fn.parameters[0]?.type ?? "json")})`,
    };
  }
  const used = fn.parameters.filter((parameter) => keys.includes(parameter.name));
  if (used.length === 0) return { from: undefined, call: sql`${target}()` };
  const definitions = used.map(
    (parameter) => sql`${identifier(parameter.name)} ${raw(parameter.type)}`,
  );
  const named = used.map(
    (parameter) =>
      sql`${raw(parameter.variadic ? "variadic " : "")}${identifier(parameter.name)} := pgrst_body.${identifier(parameter.name)}`,
  );
  return {
    from: sql`json_to_record(${param(value)}::json) as pgrst_body(${join(definitions, ", ")})`,
    call: sql`${target}(${join(named, ", ")})`,
  };
}
