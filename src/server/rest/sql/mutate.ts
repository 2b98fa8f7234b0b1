import { bodyColumns, type Format } from "../request/representation.ts";
import type { Row } from "../request/json-body.ts";
import type { TableInfo } from "../schema-cache.ts";
import { empty, identifier, join, literal, param, qualified, raw, sql, type Sql } from "./sql.ts";

// The statements of PostgREST's writes (QueryBuilder.hs, mutatePlanToQuery): the rows arrive
// as one JSON array and PostgreSQL reads them into the table's row type.

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

/** PATCH's UPDATE: the sent object's columns set on every row the filters keep. */
export function updateStatement(
  table: TableInfo,
  values: Row,
  filters: Sql,
  answer: Sql,
  format: Format,
): Sql {
  const target = qualified(table);
  const assignments = Object.keys(values)
    .sort()
    .map((column) => sql`${identifier(column)} = body.${identifier(column)}`);
  return sql`with updated as (
        update ${target} set ${join(assignments, ", ")}
          from json_populate_record(null::${target}, ${param(JSON.stringify(values))}::json) body
          ${clauseOf(filters)}
        returning ${identifier(table.name)}.*)
      select ${raw(bodyColumns(format))}
        from (${answer}) projected`;
}

/** DELETE's statement: the rows the filters keep. */
export function deleteStatement(table: TableInfo, filters: Sql, answer: Sql, format: Format): Sql {
  return sql`with deleted as (
        delete from ${qualified(table)} ${clauseOf(filters)}
        returning ${identifier(table.name)}.*)
      select ${raw(bodyColumns(format))} from (${answer}) projected`;
}

/** POST's statement when it answers rows, or one object was asked for. */
export function insertReturning(insert: Sql, answer: Sql | undefined, format: Format): Sql {
  return sql`with inserted as (${insert} returning *)
          select ${raw(bodyColumns(format))}
            from (${answer ?? raw("select 1 from inserted")}) projected`;
}

function clauseOf(filters: Sql): Sql {
  return filters.empty ? empty : sql`where ${filters}`;
}
