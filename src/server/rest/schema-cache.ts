import type { Queryable } from "../db/database.ts";

/**
 * Tables reachable through /rest/v1; everything else answers as an unknown table. What each role
 * may do with them is the database's grants and policies.
 */
export const exposedTables = [
  "contact_submissions",
  "contact_submission_changes",
  "mail_outbox",
  "mail_delivery",
] as const;

export interface TableInfo {
  name: string;
  columns: ReadonlySet<string>;
}

export type SchemaCache = ReadonlyMap<string, TableInfo>;

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(
    `select table_name::text, array_agg(column_name::text order by ordinal_position) as columns
       from information_schema.columns
      where table_schema = 'public' and table_name = any($1::text[])
      group by table_name`,
    [exposedTables],
  );
  return new Map(
    rows.map((row) => [row.table_name, { name: row.table_name, columns: new Set(row.columns) }]),
  );
}
