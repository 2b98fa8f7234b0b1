import { defaultMaxRows, txEndSettings, type Config, type TxEnd } from "../config.ts";
import type { Database } from "../db/database.ts";
import { errorForLog, type Logger } from "../log.ts";

// PostgREST's in-database configuration (Config/Database.hs `queryDbSettings`, Config.hs): the
// authenticator role's `pgrst.*` settings, this database's over every database's, over what
// PGRST_DB_PRE_CONFIG's function sets, override the environment; read at start, and again on
// `NOTIFY pgrst, 'reload config'` and 'reload schema'.

/** The settings of PostgREST's that /rest/v1 follows, as they stand. */
export interface RestSettings {
  /** db-schemas: the schemas served, the default first. */
  schemas: readonly string[];
  /** db-tx-end. */
  txEnd: TxEnd;
  /** db-aggregates-enabled. */
  aggregatesEnabled: boolean;
  /** db-max-rows: the most rows a page holds. */
  maxRows: number;
  /** db-pre-config: the function called before the in-database settings are read. */
  preConfig: string | undefined;
}

/** Every name PostgREST reads from the database (`dbSettingsNames`), without `pgrst.`. */
export const inDatabaseNames = [
  "db_aggregates_enabled",
  "client_error_verbosity",
  "db_anon_role",
  "db_pre_config",
  "db_extra_search_path",
  "db_max_rows",
  "db_plan_enabled",
  "db_pre_request",
  "db_prepared_statements",
  "db_root_spec",
  "db_schemas",
  "db_tx_end",
  "db_hoisted_tx_settings",
  "jwt_aud",
  "jwt_role_claim_key",
  "jwt_secret",
  "jwt_secret_is_base64",
  "jwt_cache_max_lifetime",
  "openapi_mode",
  "openapi_security_active",
  "openapi_server_proxy_uri",
  "server_cors_allowed_origins",
  "server_trace_header",
  "server_timing_enabled",
  "url_use_legacy_target_names",
] as const;

/** The ones Kalima applies; the others are read, named in a warning, and left alone. */
export const appliedNames = [
  "db_schemas",
  "db_tx_end",
  "db_aggregates_enabled",
  "db_max_rows",
  "db_pre_config",
] as const;

/** Supabase's name for the role PostgREST logs in as, whose settings configure it. */
export const authenticatorRole = "authenticator";

/** A function's name as PostgREST's `toQi` reads it: `schema.name` or `name`, quoted. */
export function quotedFunction(name: string): string {
  const dot = name.indexOf(".");
  const parts = dot < 0 ? [name] : [name.slice(0, dot), name.slice(dot + 1)];
  return parts.map((part) => `"${part.replaceAll('"', '""')}"`).join(".");
}

function settingsSql(preConfig: string | undefined): string {
  const fromPreConfig = preConfig
    ? `union
       select null, x, current_setting(x, true)
         from unnest($1::text[]) x
         join ${quotedFunction(preConfig)}() _ on true`
    : "";
  return `
    with role_setting as (
      select s.setdatabase as database, unnest(s.setconfig) as setting
        from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_roles r on r.oid = s.setrole
       where r.rolname = '${authenticatorRole}'
         and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                    where datname = current_catalog))
    ), kv_settings as (
      select database, substr(setting, 1, strpos(setting, '=') - 1) as k,
             substr(setting, strpos(setting, '=') + 1) as v
        from role_setting
      ${fromPreConfig}
    )
    select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
      from kv_settings
     where k = any($1::text[]) and v is not null
     order by key, database desc nulls last`;
}

/**
 * The authenticator's `pgrst.*` settings for this database, by name without `pgrst.`, in one
 * read-only transaction. With `preConfig`, its function is called first as the authenticator
 * (as PostgREST, logged in as that role, calls it), and what it sets counts below the role's own.
 */
export async function readInDatabaseSettings(
  db: Database,
  preConfig: string | undefined,
): Promise<Map<string, string>> {
  const names = inDatabaseNames.map((name) => `pgrst.${name}`);
  const rows = await db.transaction(async (tx) => {
    await tx.exec("set transaction read only");
    if (preConfig) await tx.exec(`set local role ${authenticatorRole}`);
    const { rows } = await tx.query<{ key: string; value: string }>(settingsSql(preConfig), [
      names,
    ]);
    return rows;
  });
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** PostgREST's coerceBool: `true`, `TRUE`, `"true"`…, or a number, true above 0. */
function booleanValue(text: string): boolean | undefined {
  const letters = text.replaceAll(/[^A-Za-z]/gu, "").toLowerCase();
  if (letters === "true") return true;
  if (letters === "false") return false;
  if (/^\s*-?\d+\s*$/u.test(text)) return Number(text) > 0;
  return undefined;
}

type Parsed<T> = { value: T } | { error: string };

const parsers: {
  [Name in (typeof appliedNames)[number]]: (
    text: string,
  ) => Parsed<RestSettings[keyof RestSettings]>;
} = {
  db_schemas: (text) => {
    const schemas = text.split(",").map((schema) => schema.trim());
    const refused = schemas.find((schema) => ["pg_catalog", "information_schema"].includes(schema));
    if (refused) return { error: `db-schemas does not allow schema: '${refused}'` };
    if (schemas.some((schema) => schema === "")) {
      return { error: `db-schemas names an empty schema: '${text}'` };
    }
    return { value: schemas };
  },
  db_tx_end: (text) =>
    (txEndSettings as readonly string[]).includes(text)
      ? { value: text }
      : { error: "Invalid transaction termination. Check your configuration." },
  db_aggregates_enabled: (text) => {
    const value = booleanValue(text);
    return value === undefined
      ? { error: `db-aggregates-enabled must be true or false, not '${text}'` }
      : { value };
  },
  db_max_rows: (text) => {
    const value = /^\s*\d+\s*$/u.test(text) ? Number(text) : Number.NaN;
    return value >= 1 && value <= 1_000_000
      ? { value }
      : { error: `db-max-rows must be a whole number from 1 to 1000000, not '${text}'` };
  },
  db_pre_config: (text) =>
    /^[^.]+(\.[^.]+)?$/u.test(text)
      ? { value: text }
      : { error: `db-pre-config must be a function's name, not '${text}'` },
};

const fieldOf = {
  db_schemas: "schemas",
  db_tx_end: "txEnd",
  db_aggregates_enabled: "aggregatesEnabled",
  db_max_rows: "maxRows",
  db_pre_config: "preConfig",
} as const satisfies Record<(typeof appliedNames)[number], keyof RestSettings>;

/** What stands for a setting given empty: PostgREST reads `''` as not given anywhere. */
const builtInDefaults: RestSettings = {
  schemas: ["public"],
  txEnd: "commit",
  aggregatesEnabled: false,
  maxRows: defaultMaxRows,
  preConfig: undefined,
};

/**
 * `environment` with the in-database `values` over it, or the first value PostgREST would refuse
 * (as "Failed reloading config: …" says it), so that no half of a configuration is applied.
 */
export function withDatabaseSettings(
  environment: RestSettings,
  values: ReadonlyMap<string, string>,
): { settings: RestSettings } | { error: string } {
  const settings: Record<string, unknown> = { ...environment };
  for (const name of appliedNames) {
    const text = values.get(name);
    if (text === undefined) continue;
    const field = fieldOf[name];
    if (text === "") {
      settings[field] = builtInDefaults[field];
      continue;
    }
    const parsed = parsers[name](text);
    if ("error" in parsed) return { error: parsed.error };
    settings[field] = parsed.value;
  }
  return { settings: settings as unknown as RestSettings };
}

/**
 * /rest/v1's settings as they stand: the environment's, and over them the database's once read.
 * A read that fails, or a value PostgREST would refuse, is logged and the settings stay as they
 * were: the server never stops for it.
 */
export class RestConfig {
  #current: RestSettings;
  #version = 0;

  constructor(
    private readonly environment: RestSettings,
    /** PGRST_DB_CONFIG: false reads nothing from the database, as PostgREST's db-config. */
    private readonly readsDatabase = true,
  ) {
    this.#current = environment;
  }

  get current(): RestSettings {
    return this.#current;
  }

  /** How many reads have completed, whatever they found. */
  get version(): number {
    return this.#version;
  }

  /** Reads the database's settings again; resolves to whether they were applied. */
  async reload(db: Database, log: Logger): Promise<boolean> {
    try {
      if (!this.readsDatabase) return false;
      let values: Map<string, string>;
      try {
        values = await readInDatabaseSettings(db, this.#current.preConfig);
      } catch (error) {
        log.error(
          "Failed to query database settings for the config parameters; keeping the previous configuration",
          { error: errorForLog(error) },
        );
        return false;
      }
      const next = withDatabaseSettings(this.environment, values);
      if ("error" in next) {
        log.error(`Failed reloading config: ${next.error}; keeping the previous configuration`);
        return false;
      }
      const ignored = [...values.keys()].filter(
        (name) => !(appliedNames as readonly string[]).includes(name),
      );
      if (ignored.length > 0) {
        log.warn("in-database settings this server does not apply were left alone", {
          settings: ignored.map((name) => `pgrst.${name}`).join(", "),
        });
      }
      this.#current = next.settings;
      return true;
    } finally {
      this.#version += 1;
    }
  }
}

/** The settings as the environment gives them, read from the database too unless PGRST_DB_CONFIG=false. */
export function restConfigOf(
  config: Pick<
    Config,
    "dbSchemas" | "dbTxEnd" | "dbAggregatesEnabled" | "dbMaxRows" | "dbConfig" | "dbPreConfig"
  >,
): RestConfig {
  return new RestConfig(
    {
      schemas: config.dbSchemas,
      txEnd: config.dbTxEnd,
      aggregatesEnabled: config.dbAggregatesEnabled,
      maxRows: config.dbMaxRows,
      preConfig: config.dbPreConfig,
    },
    config.dbConfig,
  );
}
