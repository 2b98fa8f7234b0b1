import type { Context } from "hono";
import { queryAsRole } from "../db/as-role.ts";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import type { Logger } from "../log.ts";
import { fromDatabaseError, type PostgrestError, restError } from "./errors.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import { readPreferences } from "./prefer.ts";
import { requestRole } from "./request-claims.ts";
import { quoteIdentifier, selectList } from "./query-params.ts";
import type { TableInfo } from "./schema-cache.ts";
import { requireProfile, requireTable } from "./table.ts";

/** `?columns="a","b"`, which supabase-js sends with an array. */
function columnsParameter(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(",")
    .map((column) => column.trim().replace(/^"(.*)"$/u, "$1"))
    .filter(Boolean);
}

function sameKeys(rows: Row[], columns: string[]): boolean {
  return rows.every(
    (row) => Object.keys(row).length === columns.length && columns.every((column) => column in row),
  );
}

/** The INSERT behind every POST: the rows arrive as one JSON array in $1. */
export function insertStatement(table: TableInfo, columns: string[]): string {
  const target = `public.${quoteIdentifier(table.name)}`;
  const columnList = columns.map(quoteIdentifier).join(", ");
  return columns.length === 0
    ? `insert into ${target} select from json_array_elements($1::json)`
    : `insert into ${target} (${columnList}) select ${columnList} from json_populate_recordset(null::${target}, $1::json)`;
}

/**
 * Says in the log why visitors' submissions are refused once the database's daily ceiling is
 * reached: at the first refusal, then at most once a minute with how many were refused.
 */
function ceilingLog(log: Logger) {
  let refused = 0;
  let lastLine = Number.NEGATIVE_INFINITY;
  return (error: PostgrestError) => {
    if (error.body.code !== "PT503") return;
    refused += 1;
    const now = Date.now();
    if (now - lastLine < 60_000) return;
    log.warn("submissions refused: the daily ceiling is reached", {
      refused,
      details: error.body.details,
      change: "update private.submission_limits set daily_ceiling = <n>",
    });
    refused = 0;
    lastLine = now;
  };
}

/** POST /rest/v1/:table — PostgREST's insert: 201, empty body unless return=representation. */
export function insertRows(deps: RestDependencies) {
  const noteRefusal = ceilingLog(deps.log);
  return async (c: Context<AppEnv>) => {
    const table = requireTable(deps.schema, c.req.param("table") ?? "");
    requireProfile(c.req.header("content-profile"));
    requireJson(c.req.header("content-type"));
    const preferences = readPreferences(c.req.header("prefer"));
    if (preferences.resolution) {
      throw restError.unsupportedPreference(`resolution=${preferences.resolution}`);
    }

    const claims = c.get("claims");
    const body = parseBody(await c.req.text());
    // One submission per request for everyone but the service key: a signed-up account must not
    // store hundreds of rows in one request.
    if (Array.isArray(body) && claims.role !== "service_role") throw restError.oneObjectOnly();
    const rows = Array.isArray(body) ? body : [body];

    const explicitColumns = columnsParameter(c.req.query("columns"));
    const columns = explicitColumns ?? Object.keys(rows[0] ?? {});
    for (const column of columns) {
      if (!table.columns.has(column)) throw restError.unknownColumn(column, table.name);
    }
    if (!explicitColumns && !sameKeys(rows, columns)) throw restError.keysMustMatch();

    const insert = insertStatement(table, columns);
    const representation = preferences.return === "representation";
    const sql = representation
      ? `with inserted as (${insert} returning *)
         select coalesce(json_agg(projected), '[]')::text as body
           from (select ${selectList(c.req.query("select"), table)} from inserted) projected`
      : insert;

    let responseBody: string | null = null;
    try {
      const result = await queryAsRole<{ body: string }>(deps.db, requestRole(c, deps), sql, [
        JSON.stringify(rows),
      ]);
      if (representation) responseBody = result.rows[0]?.body ?? "[]";
    } catch (error) {
      const refusal = fromDatabaseError(error, claims.role !== "anon");
      noteRefusal(refusal);
      throw refusal;
    }

    c.header("Content-Range", preferences.count ? `*/${rows.length}` : "*/*");
    if (responseBody === null) return c.body(null, 201);
    c.header("Content-Type", "application/json; charset=utf-8");
    return c.body(responseBody, 201);
  };
}
