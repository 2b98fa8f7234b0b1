import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import type { Logger } from "../log.ts";
import { fromDatabaseError, type PostgrestError, restError } from "./errors.ts";
import { parseBody, requireJson, type Row } from "./json-body.ts";
import { appliedBy, preferenceApplied, requestPreferences, rollsBack } from "./prefer.ts";
import {
  acceptedFormat,
  bodyColumns,
  type Format,
  requireSingular,
  sendRows,
  type Rows,
} from "./representation.ts";
import { requestRole } from "./request-claims.ts";
import { queryParameters } from "./select.ts";
import { writtenRows } from "./embed.ts";
import {
  empty,
  identifier,
  join,
  literal,
  param,
  qualified,
  raw,
  render,
  sql,
  type Sql,
} from "./sql/sql.ts";
import type { TableInfo } from "./schema-cache.ts";
import { requireProfile, requireTable } from "./table.ts";
import { runStatement } from "./transaction.ts";
import { writeRows } from "./write.ts";

/** `?columns="a","b"`, which supabase-js sends with an array. */
function columnsParameter(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(",")
    .map((column) => column.trim().replace(/^"(.*)"$/u, "$1"))
    .filter(Boolean);
}

export function sameKeys(rows: Row[], columns: string[]): boolean {
  return rows.every(
    (row) => Object.keys(row).length === columns.length && columns.every((column) => column in row),
  );
}

/** How a write meets a row already there: PostgREST's `Prefer: resolution=…` on `target`. */
export interface Conflict {
  resolution: "merge-duplicates" | "ignore-duplicates";
  target: readonly string[];
}

export interface InsertShape {
  rows?: Row[];
  missingDefault?: boolean;
  conflict?: Conflict | undefined;
  /** A condition on the sent rows, named `body` (PUT's primary key). */
  where?: Sql;
}

/**
 * ON CONFLICT as PostgREST writes it: merging sets every sent column from EXCLUDED; with none
 * sent there is nothing to merge, so the row already there is kept.
 */
function conflictClause(conflict: Conflict | undefined, used: string[]): Sql {
  if (!conflict || conflict.target.length === 0) return empty;
  const target = sql`on conflict (${join(conflict.target.map(identifier), ", ")})`;
  if (conflict.resolution === "ignore-duplicates" || used.length === 0) {
    return sql` ${target} do nothing`;
  }
  const assignments = used.map(
    (column) => sql`${identifier(column)} = excluded.${identifier(column)}`,
  );
  return sql` ${target} do update set ${join(assignments, ", ")} where ${raw(countMerge)}`;
}

/**
 * The INSERT behind every POST (and PUT): the rows arrive as one JSON array (`body`, their
 * text). Under Prefer: missing=default a key a row lacks takes the column's DEFAULT, as on
 * PostgREST; otherwise it is NULL.
 */
export function insertStatement(
  table: TableInfo,
  columns: string[],
  body: string,
  { rows = [], missingDefault = false, conflict, where = empty }: InsertShape = {},
): Sql {
  const target = qualified(table);
  const json = sql`${param(body)}::json`;
  // A column no row names is left out, so the database fills it itself: a generated column, or
  // an identity without USAGE on its sequence, included.
  const used = missingDefault
    ? columns.filter((column) => rows.some((row) => column in row))
    : columns;
  const onConflict = conflictClause(conflict, used);
  if (used.length === 0) {
    const source = where.empty
      ? sql`json_array_elements(${json})`
      : sql`json_populate_recordset(null::${target}, ${json}) body ${where}`;
    return sql`insert into ${target} select from ${source}${onConflict}`;
  }
  const columnList = join(used.map(identifier), ", ");
  if (!missingDefault) {
    return sql`insert into ${target} (${columnList})
      select ${columnList} from json_populate_recordset(null::${target}, ${json}) body ${where}${onConflict}`;
  }
  const values = used.map((column) => {
    // The column's DEFAULT as the catalogue writes it: SQL of the schema, not of the request.
    const fallback = raw(table.columns.get(column)?.default ?? "null");
    return sql`case when body.item::jsonb ? ${literal(column)}
                 then (json_populate_record(null::${target}, body.item)).${identifier(column)}
                 else ${fallback} end`;
  });
  return sql`insert into ${target} (${columnList})
    select ${join(values, ", ")}
      from json_array_elements(${json}) with ordinality as body(item, position)
     order by body.position${onConflict}`;
}

// The rows an ON CONFLICT update merged, counted in a transaction-local setting as PostgREST
// counts them: no RETURNING needed, so a role without SELECT can upsert as it can insert.
const mergedCount = `coalesce(nullif(current_setting('pgrst.merged', true), '')::int, 0)`;
const countMerge = `set_config('pgrst.merged', (${mergedCount} + 1)::text, true) is not null`;

/**
 * An upsert as one statement answering its rows (`projection`, or none), their number, and how
 * many of them were inserted rather than merged.
 */
export function upsertQuery(
  insert: Sql,
  answer: ((rows: string) => Sql) | undefined,
  format: Format,
): Sql {
  return sql`with written as (${insert} returning ${raw(answer === undefined ? "1" : "*")})
    select ${raw(bodyColumns(format))}, count(*)::int - ${raw(mergedCount)} as inserted
      from (${answer?.("written") ?? raw("select 1 from written")}) projected`;
}

/** `?on_conflict=a,b` or else the primary key: the columns that make two rows one. */
function conflictFor(
  resolution: Conflict["resolution"] | undefined,
  onConflict: string | undefined,
  table: TableInfo,
): Conflict | undefined {
  if (!resolution) return undefined;
  if (onConflict === undefined && table.primaryKey.length === 0) return undefined;
  return { resolution, target: columnsParameter(onConflict) ?? table.primaryKey };
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
    const preferences = await requestPreferences(c, deps);
    const format = acceptedFormat(c.req.header("accept"));

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

    const conflict = conflictFor(preferences.resolution, c.req.query("on_conflict"), table);
    const insert = insertStatement(table, columns, JSON.stringify(rows), {
      rows,
      missingDefault: preferences.missing === "default",
      conflict,
    });
    const representation = preferences.return === "representation";
    // PostgREST names the resolution as applied only where there is a key to resolve on.
    const applied = preferenceApplied(preferences, [
      ...(conflict ? (["resolution"] as const) : []),
      ...appliedBy.insert,
    ]);
    const role = requestRole(c, deps);
    const mode = { rollback: rollsBack(deps.txEnd, preferences) };

    let result: Rows | undefined;
    let stored: number | undefined;
    try {
      if (representation || format.kind === "object" || conflict) {
        const answer = representation
          ? (written: string) =>
              writtenRows(
                c.req.query("select"),
                table,
                written,
                queryParameters(c.req.url),
                embedding(deps),
              )
          : undefined;
        const statement = conflict
          ? upsertQuery(insert, answer, format)
          : sql`with inserted as (${insert} returning *)
          select ${raw(bodyColumns(format))}
            from (${answer?.("inserted") ?? raw("select 1 from inserted")}) projected`;
        // An object was asked for: any other number of rows undoes the insert.
        result = await writeRows(c, deps, preferences, statement, (inserted) =>
          requireSingular(format, inserted.rows),
        );
        stored = result.rows;
      } else {
        const { text, values } = render(insert);
        ({ rowCount: stored } = await runStatement(deps.db, role, mode, text, values));
      }
    } catch (error) {
      const refusal = fromDatabaseError(error, claims.role !== "anon");
      noteRefusal(refusal);
      throw refusal;
    }

    c.set("insert", { rows, stored: mode.rollback ? 0 : stored });
    if (applied) c.header("Preference-Applied", applied);
    c.header("Content-Range", preferences.count ? `*/${result?.rows ?? rows.length}` : "*/*");
    // PostgREST answers 200 to a merge that inserted nothing, 201 to any other POST.
    const merged = conflict?.resolution === "merge-duplicates" && (result?.inserted ?? 0) === 0;
    const status = merged ? 200 : 201;
    if (!representation || !result) return c.body(null, status);
    return sendRows(c, format, result, status);
  };
}
