import type { Queryable } from "../db/database.ts";

/** A table the site owns, with the columns a backup carries (generated ones are computed again). */
export interface SiteTable {
  /** `schema.table`, each part quoted where PostgreSQL needs it. */
  name: string;
  columns: string[];
  /** The site's tables it refers to by foreign key: restored before it. */
  references: string[];
  /** Its size in pages when read: the ranges a dump reads it in. */
  pages: number;
}

// Every schema but PostgreSQL's own, the extensions' and the migrations' record (which a
// restore writes by migrating): the site's tables, the auth schema's and the private limits'.
// Unlogged tables (auth's request buckets) hold nothing worth keeping, as after a crash.
const siteSchemas = `
  n.nspname not in ('pg_catalog', 'information_schema', 'extensions', 'supabase_migrations')
  and n.nspname not like 'pg\\_%'`;

/** The site's tables, each after the tables it refers to. */
export async function siteTables(db: Queryable): Promise<SiteTable[]> {
  const { rows } = await db.query<SiteTable>(`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
      array(
        select quote_ident(a.attname)::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum
      ) as columns,
      array(
        select distinct quote_ident(fn.nspname) || '.' || quote_ident(f.relname)
        from pg_constraint k
          join pg_class f on f.oid = k.confrelid
          join pg_namespace fn on fn.oid = f.relnamespace
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid
      ) as "references",
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.relpersistence = 'p' and ${siteSchemas}
    order by 1`);
  return inDependencyOrder(rows);
}

/** Tables ordered so that each comes after those it refers to (a cycle keeps the name order). */
export function inDependencyOrder<T extends { name: string; references: string[] }>(
  tables: T[],
): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: T) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) place(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table);
  return ordered;
}

/** The sequences of the site's schemas that have given a value, with the last one given. */
export async function siteSequences(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; last_value: string }>(`
    select quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename) as name,
      s.last_value::text as last_value
    from pg_sequences s join pg_namespace n on n.nspname = s.schemaname
    where s.last_value is not null and ${siteSchemas}
    order by 1`);
  return Object.fromEntries(rows.map((row) => [row.name, row.last_value]));
}

/** The newest migration recorded, or undefined on a database never migrated. */
export async function migrationLevel(db: Queryable): Promise<string | undefined> {
  const { rows: found } = await db.query<{ found: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as found",
  );
  if (!found[0]?.found) return undefined;
  const { rows } = await db.query<{ level: string | null }>(
    "select max(version) as level from supabase_migrations.schema_migrations",
  );
  return rows[0]?.level ?? undefined;
}
