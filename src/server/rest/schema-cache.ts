import type { Database, Queryable } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";

// PostgREST's schema cache: every table, view and function of the exposed schemas, read from
// pg_catalog at start and again on `NOTIFY pgrst, 'reload schema'`. What a role may do with them
// is left to the database's grants and policies.

export interface ColumnInfo {
  name: string;
  type: string;
  /** The column's DEFAULT expression, as pg_get_expr prints it (null when it has none). */
  default: string | null;
  /** An identity or generated column: its value comes from the database even without DEFAULT. */
  generated: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  kind: "table" | "view";
  columns: ReadonlyMap<string, ColumnInfo>;
  primaryKey: readonly string[];
}

export interface FunctionParameter {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  parameters: readonly FunctionParameter[];
  returnsSet: boolean;
  /** The columns of a composite or TABLE result; undefined for a scalar one. */
  columns: ReadonlyMap<string, ColumnInfo> | undefined;
  volatile: boolean;
}

interface Snapshot {
  tables: ReadonlyMap<string, TableInfo>;
  functions: ReadonlyMap<string, readonly FunctionInfo[]>;
  /** Each role's own statement_timeout (ALTER ROLE … SET), this database's over the cluster's. */
  statementTimeouts: ReadonlyMap<string, string>;
}

const key = (schema: string, name: string) => `${schema}\u0000${name}`;

const tablesSql = `
  select n.nspname::text as schema, c.relname::text as name,
         case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
         coalesce((
           select json_agg(json_build_object(
                    'name', a.attname::text,
                    'type', format_type(a.atttypid, a.atttypmod),
                    'default', pg_get_expr(d.adbin, d.adrelid),
                    'generated', a.attidentity <> '' or a.attgenerated <> '')
                  order by a.attnum)
             from pg_catalog.pg_attribute a
             left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
         coalesce((
           select json_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
             from pg_catalog.pg_index i
             join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary), '[]')::text as primary_key
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const functionsSql = `
  select n.nspname::text as schema, p.proname::text as name, p.proretset as returns_set,
         p.provolatile = 'v' as volatile, p.pronargdefaults::int as defaults,
         coalesce((
           select json_agg(json_build_object(
                    'name', coalesce(p.proargnames[a.n], ''),
                    'type', format_type(a.type, null),
                    'mode', coalesce(p.proargmodes[a.n]::text, 'i'))
                  order by a.n)
             from unnest(coalesce(p.proallargtypes,
                                  string_to_array(p.proargtypes::text, ' ')::oid[]))
                  with ordinality a(type, n)), '[]')::text as arguments,
         case when t.typtype = 'c' then coalesce((
           select json_agg(json_build_object(
                    'name', a.attname::text,
                    'type', format_type(a.atttypid, a.atttypmod))
                  order by a.attnum)
             from pg_catalog.pg_attribute a
            where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]')::text
         end as composite
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type t on t.oid = p.prorettype
   where n.nspname = any($1::text[]) and p.prokind = 'f'
     and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)`;

interface TableRow {
  schema: string;
  name: string;
  kind: "table" | "view";
  columns: string;
  primary_key: string;
}

interface FunctionRow {
  schema: string;
  name: string;
  returns_set: boolean;
  volatile: boolean;
  defaults: number;
  arguments: string;
  composite: string | null;
}

function columnMap(columns: Omit<ColumnInfo, "default" | "generated">[]): Map<string, ColumnInfo> {
  return new Map(
    columns.map((column) => [column.name, { default: null, generated: false, ...column }]),
  );
}

function functionInfo(row: FunctionRow): FunctionInfo {
  const argumentsList = JSON.parse(row.arguments) as { name: string; type: string; mode: string }[];
  const inputs = argumentsList.filter((argument) => ["i", "b", "v"].includes(argument.mode));
  const outputs = argumentsList.filter((argument) => ["o", "b", "t"].includes(argument.mode));
  const firstDefault = inputs.length - row.defaults;
  const composite = row.composite === null ? undefined : (JSON.parse(row.composite) as never[]);
  return {
    schema: row.schema,
    name: row.name,
    parameters: inputs.map((input, index) => ({
      name: input.name,
      type: input.type,
      hasDefault: index >= firstDefault,
      variadic: input.mode === "v",
    })),
    returnsSet: row.returns_set,
    columns: outputs.length > 0 ? columnMap(outputs) : composite && columnMap(composite),
    volatile: row.volatile,
  };
}

// PostgREST reads the impersonated roles' settings with its schema cache and applies them to
// each request's transaction: a role's settings take effect at login, never at SET ROLE.
const statementTimeoutsSql = `
  select r.rolname::text as role, substr(setting, length('statement_timeout=') + 1) as value
    from pg_catalog.pg_db_role_setting s
    join pg_catalog.pg_roles r on r.oid = s.setrole
    cross join lateral unnest(s.setconfig) as setting
   where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
     and setting like 'statement_timeout=%'
   order by s.setdatabase`;

async function readSnapshot(db: Queryable, schemas: readonly string[]): Promise<Snapshot> {
  const tables = await db.query<TableRow>(tablesSql, [schemas]);
  const functions = await db.query<FunctionRow>(functionsSql, [schemas]);
  const timeouts = await db.query<{ role: string; value: string }>(statementTimeoutsSql);
  const byName = new Map<string, FunctionInfo[]>();
  for (const row of functions.rows) {
    const list = byName.get(key(row.schema, row.name)) ?? [];
    list.push(functionInfo(row));
    byName.set(key(row.schema, row.name), list);
  }
  return {
    tables: new Map(
      tables.rows.map((row) => [
        key(row.schema, row.name),
        {
          schema: row.schema,
          name: row.name,
          kind: row.kind,
          columns: new Map(
            (JSON.parse(row.columns) as ColumnInfo[]).map((column) => [column.name, column]),
          ),
          primaryKey: JSON.parse(row.primary_key) as string[],
        },
      ]),
    ),
    functions: byName,
    statementTimeouts: new Map(timeouts.rows.map((row) => [row.role, row.value])),
  };
}

/**
 * The exposed schemas' tables and functions. A reload builds a whole new snapshot and swaps it
 * in with one assignment: a request holds the objects it looked up, so none sees half a reload.
 */
export class SchemaCache {
  #snapshot: Snapshot;
  #version = 0;

  private constructor(
    private readonly db: Queryable,
    /** The exposed schemas, the default (the first) first. */
    readonly schemas: readonly string[],
    snapshot: Snapshot,
  ) {
    this.#snapshot = snapshot;
  }

  static async load(db: Queryable, schemas: readonly string[] = ["public"]): Promise<SchemaCache> {
    return new SchemaCache(db, schemas, await readSnapshot(db, schemas));
  }

  /** How many reloads have completed. */
  get version(): number {
    return this.#version;
  }

  table(schema: string, name: string): TableInfo | undefined {
    return this.#snapshot.tables.get(key(schema, name));
  }

  functions(schema: string, name: string): readonly FunctionInfo[] {
    return this.#snapshot.functions.get(key(schema, name)) ?? [];
  }

  /** The statement_timeout `role` runs under, as set on the role; undefined for none. */
  statementTimeout(role: string): string | undefined {
    return this.#snapshot.statementTimeouts.get(role);
  }

  tableNames(schema: string): string[] {
    return [...this.#snapshot.tables.values()]
      .filter((table) => table.schema === schema)
      .map((table) => table.name);
  }

  functionNames(schema: string): string[] {
    return [...this.#snapshot.functions.values()]
      .flat()
      .filter((fn) => fn.schema === schema)
      .map((fn) => fn.name);
  }

  async reload(): Promise<void> {
    this.#snapshot = await readSnapshot(this.db, this.schemas);
    this.#version += 1;
  }
}

export function loadSchemaCache(
  db: Queryable,
  schemas: readonly string[] = ["public"],
): Promise<SchemaCache> {
  return SchemaCache.load(db, schemas);
}

/**
 * Reloads `cache` on `NOTIFY pgrst, 'reload schema'` (or an empty payload), as PostgREST does.
 * Resolves to a function that stops listening.
 */
export async function reloadOnNotify(
  db: Database,
  cache: SchemaCache,
  log: Logger,
): Promise<() => Promise<void>> {
  let running: Promise<void> = Promise.resolve();
  return db.listen("pgrst", (payload) => {
    if (payload !== "" && payload !== "reload schema") return;
    running = running
      .then(() => cache.reload())
      .then(
        () => log.info("schema cache reloaded", { version: cache.version }),
        (error: unknown) =>
          log.error("schema cache reload failed; keeping the previous one", {
            error: errorForLog(error),
          }),
      );
  });
}
