import type { Queryable } from "../db/database.ts";

/** A table of the `supabase_realtime` publication, as changes to it are described. */
export interface PublishedTable {
  oid: number;
  schema: string;
  table: string;
  /**
   * Columns in order, with their type names as realtime-js reads them ("int8", "_text"); not
   * generated columns, which a publication leaves out.
   */
  columns: { name: string; type: string }[];
  /** The primary key's columns: what a DELETE carries, and how a change's row is found again. */
  key: string[];
  /** The function in `internal` that says which changed rows each audience may read. */
  probe: string;
}

const publishedTablesSql = `
select c.oid::integer as oid, n.nspname as schema, c.relname as "table",
       internal.realtime_probe_name(c.oid) as probe,
       (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('name', a.attname, 'type', t.typname)
                 order by a.attnum), '[]')
          from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           and a.attgenerated = '') as columns,
       (select coalesce(pg_catalog.json_agg(a.attname order by k.ord), '[]')
          from pg_catalog.pg_index i
          cross join lateral pg_catalog.unnest(i.indkey) with ordinality as k(attnum, ord)
          join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
         where i.indrelid = c.oid and i.indisprimary) as key
  from pg_catalog.pg_publication_tables p
  join pg_catalog.pg_namespace n on n.nspname = p.schemaname
  join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
 where p.pubname = 'supabase_realtime'`;

const selectableColumnsSql = `
select coalesce(pg_catalog.json_agg(a.attname order by a.attnum), '[]') as columns
  from pg_catalog.pg_attribute a
 where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
   and pg_catalog.has_column_privilege($2::text, a.attrelid, a.attnum, 'SELECT')`;

const freshForMs = 2000;

function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** The publication's tables and what each role may read of them, read again every few seconds. */
export class PublishedTables {
  private tables: { at: number; list: Promise<PublishedTable[]> } | undefined;
  private readonly selectable = new Map<string, { at: number; columns: Promise<Set<string>> }>();

  constructor(private readonly db: Queryable) {}

  all(): Promise<PublishedTable[]> {
    if (!this.tables || Date.now() - this.tables.at > freshForMs) {
      const list = this.db.query<Record<string, unknown>>(publishedTablesSql).then(({ rows }) =>
        rows.map((row) => ({
          oid: Number(row.oid),
          schema: String(row.schema),
          table: String(row.table),
          columns: parseJson<{ name: string; type: string }[]>(row.columns),
          key: parseJson<string[]>(row.key),
          probe: String(row.probe),
        })),
      );
      list.catch(() => {
        this.tables = undefined;
      });
      this.tables = { at: Date.now(), list };
    }
    return this.tables.list;
  }

  /** The tables a subscription names; `*` for either part matches any, as hosted does. */
  async matching(schema: string, table: string): Promise<PublishedTable[]> {
    const all = await this.all();
    return all.filter(
      (entry) =>
        (schema === "*" || entry.schema === schema) && (table === "*" || entry.table === table),
    );
  }

  async find(schema: string, table: string): Promise<PublishedTable | undefined> {
    return (await this.all()).find((entry) => entry.schema === schema && entry.table === table);
  }

  /** The columns `role` may select of `table` (none when it may not read the table at all). */
  selectableColumns(table: PublishedTable, role: string): Promise<Set<string>> {
    const cacheKey = `${role}\u0000${table.oid}`;
    const cached = this.selectable.get(cacheKey);
    if (cached && Date.now() - cached.at <= freshForMs * 5) return cached.columns;
    const columns = this.db
      .query<{ columns: unknown }>(selectableColumnsSql, [table.oid, role])
      .then(({ rows }) => new Set(parseJson<string[]>(rows[0]?.columns ?? "[]")));
    columns.catch(() => this.selectable.delete(cacheKey));
    this.selectable.set(cacheKey, { at: Date.now(), columns });
    return columns;
  }
}
