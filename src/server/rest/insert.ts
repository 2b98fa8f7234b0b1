import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import type { RestDependencies } from "./dependencies.ts";
import type { Logger } from "../log.ts";
import { fromDatabaseError, type PostgrestError, restError } from "./errors.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import { preferenceApplied, readPreferences, rollsBack } from "./prefer.ts";
import {
  acceptedFormat,
  bodyColumns,
  noRows,
  requireSingular,
  sendRows,
  type Rows,
} from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import { qualifiedName, quoteIdentifier, selectList } from "./query-params.ts";
import type { TableInfo } from "./schema-cache.ts";
import { requireProfile, requireTable } from "./table.ts";
import { inTransaction, runStatement } from "./transaction.ts";

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

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The INSERT behind every POST: the rows arrive as one JSON array in $1. Under
 * Prefer: missing=default a key a row lacks takes the column's DEFAULT, as on PostgREST;
 * otherwise it is NULL.
 */
export function insertStatement(
  table: TableInfo,
  columns: string[],
  rows: Row[] = [],
  missingDefault = false,
): string {
  const target = qualifiedName(table);
  // A column no row names is left out, so the database fills it itself: a generated column, or
  // an identity without USAGE on its sequence, included.
  const used = missingDefault
    ? columns.filter((column) => rows.some((row) => column in row))
    : columns;
  if (used.length === 0) return `insert into ${target} select from json_array_elements($1::json)`;
  if (!missingDefault) {
    const columnList = used.map(quoteIdentifier).join(", ");
    return `insert into ${target} (${columnList}) select ${columnList} from json_populate_recordset(null::${target}, $1::json)`;
  }
  const values = used.map((column) => {
    const fallback = table.columns.get(column)?.default ?? "null";
    return `case when body.item::jsonb ? ${quoteLiteral(column)}
                 then (json_populate_record(null::${target}, body.item)).${quoteIdentifier(column)}
                 else ${fallback} end`;
  });
  return `insert into ${target} (${used.map(quoteIdentifier).join(", ")})
    select ${values.join(", ")}
      from json_array_elements($1::json) with ordinality as body(item, position)
     order by body.position`;
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
    const schemaName = requireProfile(deps.schema, c.req.header("content-profile"));
    const table = requireTable(deps.schema, schemaName, c.req.param("table") ?? "");
    requireJson(c.req.header("content-type"));
    const preferences = readPreferences(c.req.header("prefer"), deps.txEnd);
    if (preferences.resolution) {
      throw restError.unsupportedPreference(`resolution=${preferences.resolution}`);
    }

    const claims = c.get("claims");
    const body = parseBody(await c.req.text());
    // An array is every role's to send, as on PostgREST: the database's per-row triggers and
    // policies bound what it may store.
    const rows = Array.isArray(body) ? body : [body];
    c.set("insert", { rows });

    const explicitColumns = columnsParameter(c.req.query("columns"));
    const columns = explicitColumns ?? Object.keys(rows[0] ?? {});
    for (const column of columns) {
      if (!table.columns.has(column)) throw restError.unknownColumn(column, table.name);
    }
    if (!explicitColumns && !sameKeys(rows, columns)) throw restError.keysMustMatch();

    const insert = insertStatement(table, columns, rows, preferences.missing === "default");
    const representation = preferences.return === "representation";
    const format = acceptedFormat(c.req.header("accept"));
    const applied = preferenceApplied(preferences, [
      "missing",
      "return",
      "count",
      "tx",
      "handling",
    ]);
    const role = requestRole(c, deps);
    const mode = { rollback: rollsBack(deps.txEnd, preferences) };

    let result: Rows | undefined;
    let stored: number | undefined;
    try {
      if (representation || format === "object") {
        const projection = representation ? selectList(c.req.query("select"), table) : "1";
        const sql = `with inserted as (${insert} returning *)
          select ${bodyColumns(format)}
            from (select ${projection} from inserted) projected`;
        // An object was asked for: any other number of rows undoes the insert.
        result = await inTransaction(deps.db, role, mode, async (tx) => {
          const { rows: answered } = await tx.query<Rows>(sql, [JSON.stringify(rows)]);
          const inserted = answered[0] ?? noRows;
          requireSingular(format, inserted.rows);
          return inserted;
        });
        stored = result.rows;
      } else {
        ({ rowCount: stored } = await runStatement(deps.db, role, mode, insert, [
          JSON.stringify(rows),
        ]));
      }
    } catch (error) {
      const refusal = fromDatabaseError(error, claims.role !== "anon");
      noteRefusal(refusal);
      throw refusal;
    }

    c.set("insert", { rows, stored: mode.rollback ? 0 : stored });
    if (applied) c.header("Preference-Applied", applied);
    c.header("Content-Range", preferences.count ? `*/${rows.length}` : "*/*");
    if (!representation || !result) return c.body(null, 201);
    return sendRows(c, format, result, 201);
  };
}
