import type { Context } from "hono";
import { DatabaseUnavailableError, isPostgresError } from "../db/database.ts";

/** PostgREST's error body; supabase-js hands it to the caller as `error`. */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class PostgrestError extends Error {
  readonly body: PostgrestErrorBody;

  constructor(
    readonly status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.body = { code, message, details, hint };
  }
}

// The catalogue of errors this server raises itself, with PostgREST's codes and wording
// (https://docs.postgrest.org/en/stable/references/errors.html).
export const restError = {
  invalidBody: (details: string | null = null) =>
    new PostgrestError(400, "PGRST102", "Empty or invalid json", details),
  bodyTooLarge: (limit: number) =>
    new PostgrestError(
      413,
      "PGRST102",
      `Request body is larger than ${limit} bytes`,
      null,
      "Send one submission per request.",
    ),
  /**
   * The per-client budget on API requests (request-budget.ts). PostgREST has no limiter of its
   * own; the code is the one our database's limits raise (PT429), so a client meets one answer.
   */
  overBudget: (retryAfterSeconds: number) =>
    new PostgrestError(
      429,
      "PT429",
      "Too many requests from this client",
      `Try again in ${retryAfterSeconds} s.`,
      null,
      { "Retry-After": String(retryAfterSeconds) },
    ),
  keysMustMatch: () => new PostgrestError(400, "PGRST102", "All object keys must match"),
  /**
   * A write that is not JSON. PostgREST 12+ answers 400 PGRST102 `Content-Type not acceptable`
   * and reads a missing type as JSON; we refuse both, with 415 and the code and words PostgREST
   * used for a media type it cannot handle (PGRST107), so that no web page can post here as a
   * plain HTML form does (docs/decisions/0014).
   */
  unsupportedMediaType: (type: string | undefined) =>
    new PostgrestError(
      415,
      "PGRST107",
      `None of these media types are available: ${type ?? "(none)"}`,
    ),
  queryParse: (what: string, details: string) =>
    new PostgrestError(400, "PGRST100", `failed to parse ${what}`, details),
  /** Parsec's message, quotes included: `"failed to parse filter (0)" (line 1, column 1)`. */
  parse: (label: string, input: string, column: number, details: string) =>
    new PostgrestError(
      400,
      "PGRST100",
      `"failed to parse ${label} (${input})" (line 1, column ${column})`,
      details,
    ),
  notEmbedded: (resource: string) =>
    new PostgrestError(
      400,
      "PGRST108",
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  noRelationship: (table: { schema: string; name: string }, resource: string, hint?: string) =>
    new PostgrestError(
      400,
      "PGRST200",
      `Could not find a relationship between '${table.name}' and '${resource}' in the schema cache`,
      `Searched for a foreign key relationship between '${table.name}' and '${resource}'${hint === undefined ? "" : ` using the hint '${hint}'`} in the schema '${table.schema}', but no matches were found.`,
    ),
  updateRequiresWhere: () => new PostgrestError(400, "21000", "UPDATE requires a WHERE clause"),
  deleteRequiresWhere: () => new PostgrestError(400, "21000", "DELETE requires a WHERE clause"),
  /** PGRST202, worded for what the call sent: named arguments, or a body of one type. */
  noFunction: (
    schema: string,
    name: string,
    argumentNames: readonly string[],
    body: "json" | "text" | "xml" | "bytea" | undefined,
    hint: string | undefined,
  ) => {
    const listed = argumentNames.join(", ");
    const named = (text: string) => (argumentNames.length === 0 ? " without parameters" : text);
    const wholeBody = body !== undefined && body !== "json";
    const searched = wholeBody
      ? ` with a single unnamed ${body} parameter`
      : named(` with parameter${argumentNames.length > 1 ? "s" : ""} ${listed}`) +
        (body === "json" ? " or with a single unnamed json/jsonb parameter" : "");
    return new PostgrestError(
      404,
      "PGRST202",
      `Could not find the function ${schema}.${name}${wholeBody ? "" : named(`(${listed})`)} in the schema cache`,
      `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
      hint ?? null,
    );
  },
  ambiguousFunction: (candidates: string[]) =>
    new PostgrestError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${candidates.join(", ")}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    ),
  unknownColumn: (column: string, table: string) =>
    new PostgrestError(
      400,
      "PGRST204",
      `Could not find the '${column}' column of '${table}' in the schema cache`,
    ),
  undefinedColumn: (column: string, table: string) =>
    new PostgrestError(400, "42703", `column ${table}.${column} does not exist`),
  duplicateAlias: (alias: string) =>
    new PostgrestError(400, "42712", `table name "${alias}" specified more than once`),
  unknownTable: (schema: string, table: string, closest?: string) =>
    new PostgrestError(
      404,
      "PGRST205",
      `Could not find the table '${schema}.${table}' in the schema cache`,
      null,
      closest ? `Perhaps you meant the table '${closest}'` : null,
    ),
  schemaNotExposed: (schema: string, exposed: readonly string[]) =>
    new PostgrestError(
      406,
      "PGRST106",
      "Invalid schema: " + schema,
      null,
      `Only the following schemas are exposed: ${exposed.join(", ")}`,
    ),
  rangeNotSatisfiable: (offset: number, total: number) =>
    new PostgrestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  limitNegative: () =>
    new PostgrestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      "Limit should be greater than or equal to zero.",
    ),
  rangeBoundaries: () =>
    new PostgrestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
    ),
  singularRequired: (rows: number) =>
    new PostgrestError(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rows} rows`,
    ),
  putFilters: () =>
    new PostgrestError(
      405,
      "PGRST105",
      "Filters must include all and only primary key columns with 'eq' operators",
    ),
  putPaging: () =>
    new PostgrestError(
      400,
      "PGRST114",
      "limit/offset querystring parameters are not allowed for PUT",
    ),
  putKeyMismatch: () =>
    new PostgrestError(400, "PGRST115", "Payload values do not match URL in primary key column(s)"),
  invalidPreferences: (preferences: string[]) =>
    new PostgrestError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${preferences.join(", ")}`,
    ),
  /** A select past the bounds of select-tree.ts and embed.ts: refused before any statement. */
  selectTooLarge: (details: string) =>
    new PostgrestError(400, "PGRST100", "failed to parse select parameter", details),
  spreadNotToOne: (origin: string, resource: string) =>
    new PostgrestError(
      400,
      "PGRST119",
      `A spread operation on '${resource}' is not possible`,
      `'${origin}' and '${resource}' do not form a many-to-one or one-to-one relationship`,
    ),
  aggregatesNotAllowed: () =>
    new PostgrestError(400, "PGRST123", "Use of aggregate functions is not allowed"),
  maxAffectedExceeded: (rows: number) =>
    new PostgrestError(
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      `The query affects ${rows} rows`,
    ),
  /** No type the Accept header lists can be answered; `types` as PostgREST writes them back. */
  notAcceptable: (types: string[]) =>
    new PostgrestError(
      406,
      "PGRST107",
      `None of these media types are available: ${types.join(", ")}`,
    ),
  jwt: (code: "PGRST301" | "PGRST303", message: string) =>
    new PostgrestError(401, code, message, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"`,
    }),
  permissionDenied: (table: string, authenticated: boolean) =>
    permission(
      new PostgrestError(0, "42501", `permission denied for table ${table}`),
      authenticated,
    ),
  unavailable: () =>
    new PostgrestError(
      503,
      "PGRST001",
      "Database client error. Retrying the connection.",
      "The database cannot be reached right now.",
    ),
};

function permission(error: PostgrestError, authenticated: boolean): PostgrestError {
  // PostgREST answers 401 to the anonymous role (it may succeed with a token) and 403 otherwise.
  return authenticated
    ? new PostgrestError(403, error.body.code, error.message, error.body.details, error.body.hint)
    : new PostgrestError(401, error.body.code, error.message, error.body.details, error.body.hint, {
        "WWW-Authenticate": "Bearer",
      });
}

// PostgREST 12's table from SQLSTATE to HTTP status (Error.hs, pgErrorStatus): a code of its
// own first, then its class, else 400.
const statusByCode: Readonly<Record<string, number>> = {
  "23503": 409,
  "23505": 409,
  "25006": 405,
  "42883": 404,
  "42P01": 404,
  "42P17": 500,
  "53400": 500,
  "57P01": 503,
  P0001: 400,
};

const statusByClass: Readonly<Record<string, number>> = {
  "08": 503,
  "09": 500,
  "0L": 403,
  "0P": 403,
  "25": 500,
  "28": 403,
  "2D": 500,
  "38": 500,
  "39": 500,
  "3B": 500,
  "40": 500,
  "53": 503,
  "54": 500,
  "55": 500,
  "57": 500,
  "58": 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
};

/** PostgREST's status for an error PostgreSQL reported with `code` and `message`. */
export function statusForSqlState(code: string, message = ""): number {
  // RAISE SQLSTATE 'PT429' answers 429: any PT followed by a status.
  if (code.startsWith("PT")) return /^PT[1-5]\d\d$/u.test(code) ? Number(code.slice(2)) : 500;
  // pg-safeupdate's refusal is the client's; any other cardinality violation is the server's.
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "42883" && message.startsWith("function xmlagg(")) return 406;
  return statusByCode[code] ?? statusByClass[code.slice(0, 2)] ?? 400;
}

/** Turns anything the database (or its connection) threw into PostgREST's answer. */
export function fromDatabaseError(error: unknown, authenticated: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (error instanceof DatabaseUnavailableError) {
    return Object.assign(restError.unavailable(), { cause: error });
  }
  if (isPostgresError(error)) {
    const status = statusForSqlState(error.code, error.message);
    const converted = new PostgrestError(
      status,
      error.code,
      error.message,
      error.detail ?? null,
      error.hint ?? null,
      // PostgREST adds the challenge to any 401, a PT401 raised by a function included.
      status === 401 ? { "WWW-Authenticate": "Bearer" } : {},
    );
    converted.cause = error;
    return error.code === "42501" ? permission(converted, authenticated) : converted;
  }
  throw error;
}

/**
 * PostgREST's answer to an error a REST handler threw, with its headers and `Proxy-Status`;
 * anything that is not PostgREST's to answer is thrown on.
 */
export function restErrorResponse(thrown: unknown, c: Context): Response {
  const error =
    thrown instanceof DatabaseUnavailableError
      ? Object.assign(restError.unavailable(), { cause: thrown })
      : thrown;
  if (!(error instanceof PostgrestError)) throw error;
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header("Proxy-Status", `PostgREST; error=${error.body.code}`);
  return c.json(error.body, error.status as 400);
}
