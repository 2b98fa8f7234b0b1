import type { Field } from "../request/field.ts";
import { literal, raw, sql, type Sql } from "./sql.ts";

/**
 * `field` in SQL, after its column (`column`, already quoted or qualified): keys as literals
 * and indexes as `'0'::int`, as PostgREST writes them, so a key can never end the literal.
 */
export function fieldSql(field: Field, column: Sql): Sql {
  return field.path.reduce(
    (path, step) =>
      sql`${path}${raw(step.arrow)}${step.index ? raw(`'${step.key}'::int`) : literal(step.key)}`,
    column,
  );
}
