import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { embedding, type RestDependencies } from "./dependencies.ts";
import type { Logger } from "../log.ts";
import { PostgrestError, restError } from "./errors.ts";
import { execute, transactionShape } from "./execute.ts";
import { writtenRows } from "./plan/embed.ts";
import { relationRequest } from "./request/api-request.ts";
import { parseBody, type Row } from "./request/json-body.ts";
import { appliedBy, preferenceApplied } from "./request/prefer.ts";
import { noRows, sendRows, type Rows } from "./request/representation.ts";
import { requestRole } from "./request-claims.ts";
import type { TableInfo } from "./schema-cache.ts";
import { insertReturning, insertStatement, upsertQuery, type Conflict } from "./sql/mutate.ts";

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
    const request = await relationRequest(c, deps);
    const { table, preferences, format } = request;
    const body = parseBody(request.body ?? "");
    // An array is every role's to send, as on PostgREST: the database's per-row triggers and
    // policies bound what it may store.
    const rows = Array.isArray(body) ? body : [body];
    c.set("insert", { rows });

    const explicitColumns = columnsParameter(request.query.columns);
    const columns = explicitColumns ?? Object.keys(rows[0] ?? {});
    for (const column of columns) {
      if (!table.columns.has(column)) throw restError.unknownColumn(column, table.name);
    }
    if (!explicitColumns && !sameKeys(rows, columns)) throw restError.keysMustMatch();

    const conflict = conflictFor(preferences.resolution, request.query.on_conflict, table);
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
    const shape = transactionShape("insert", deps, preferences, format);
    const answers = representation || format.kind === "object" || conflict;
    const answer = representation
      ? (written: string) =>
          writtenRows(request.query.select, table, written, request.parameters, embedding(deps))
      : undefined;
    const statement = !answers
      ? insert
      : conflict
        ? upsertQuery(insert, answer, format)
        : insertReturning(insert, answer?.("inserted"), format);

    let result: Rows | undefined;
    let stored: number | undefined;
    try {
      // An object was asked for: any other number of rows undoes the insert (the shape's bound).
      const written = await execute<Rows>(
        deps,
        requestRole(c, deps),
        request.authenticated,
        statement,
        shape,
      );
      if (answers) {
        result = written.rows[0] ?? noRows;
        stored = result.rows;
      } else {
        stored = written.rowCount;
      }
    } catch (error) {
      if (error instanceof PostgrestError) noteRefusal(error);
      throw error;
    }

    c.set("insert", { rows, stored: shape.rollback ? 0 : stored });
    if (applied) c.header("Preference-Applied", applied);
    c.header("Content-Range", preferences.count ? `*/${result?.rows ?? rows.length}` : "*/*");
    // PostgREST answers 200 to a merge that inserted nothing, 201 to any other POST.
    const merged = conflict?.resolution === "merge-duplicates" && (result?.inserted ?? 0) === 0;
    const status = merged ? 200 : 201;
    if (!representation || !result) return c.body(null, status);
    return sendRows(c, format, result, status);
  };
}
