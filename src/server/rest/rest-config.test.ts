import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { databaseFromPGlite } from "../db/pglite.ts";
import { silentLogger } from "../log.ts";
import {
  readInDatabaseSettings,
  RestConfig,
  withDatabaseSettings,
  type RestSettings,
} from "./rest-config.ts";

// Which of the authenticator's settings win, as PostgREST's queryDbSettings orders them. On a
// database of its own, embedded even beside PostgreSQL: a setting for every database is the
// whole cluster's there, and other files' servers would read it.
let db: Database;

beforeAll(async () => {
  db = databaseFromPGlite(await PGlite.create());
  await db.exec(
    await readFile(
      new URL(
        "../../../supabase/migrations/20261202100200_authenticator_role.sql",
        import.meta.url,
      ),
      "utf8",
    ),
  );
  await db.exec(`
    create function public.pre_config() returns void language sql as $$
      select set_config('pgrst.db_max_rows', '7', true),
             set_config('pgrst.db_tx_end', 'rollback', true),
             set_config('pgrst.openapi_mode', 'disabled', true);
    $$;
  `);
}, 60_000);
afterAll(() => db.close());

describe("readInDatabaseSettings", () => {
  it("reads nothing when the authenticator has no settings", async () => {
    expect(await readInDatabaseSettings(db, undefined)).toEqual(new Map());
  });

  it("takes this database's setting over every database's, and both over pre-config's", async () => {
    await db.exec(`
      alter role authenticator set pgrst.db_max_rows = '5';
      alter role authenticator set pgrst.db_aggregates_enabled = 'false';
      alter role authenticator in database postgres set pgrst.db_aggregates_enabled = 'true';
      alter role authenticator set not_pgrst.db_schemas = 'elsewhere';
    `);
    try {
      expect(await readInDatabaseSettings(db, undefined)).toEqual(
        new Map([
          ["db_aggregates_enabled", "true"],
          ["db_max_rows", "5"],
        ]),
      );
      expect(await readInDatabaseSettings(db, "public.pre_config")).toEqual(
        new Map([
          ["db_aggregates_enabled", "true"],
          ["db_max_rows", "5"],
          ["db_tx_end", "rollback"],
          ["openapi_mode", "disabled"],
        ]),
      );
    } finally {
      await db.exec(`
        alter role authenticator reset all;
        alter role authenticator in database postgres reset all;
      `);
    }
  });
});

describe("withDatabaseSettings", () => {
  const environment: RestSettings = {
    schemas: ["public"],
    txEnd: "commit-allow-override",
    aggregatesEnabled: false,
    maxRows: 1000,
    preConfig: undefined,
  };
  const over = (values: Record<string, string>) =>
    withDatabaseSettings(environment, new Map(Object.entries(values)));

  it("reads booleans as PostgREST's coerceBool: any case, quoted, or a number", () => {
    for (const [text, value] of [
      ["true", true],
      ["TRUE", true],
      ['"True"', true],
      ["1", true],
      ["false", false],
      ["0", false],
    ] as const) {
      expect(over({ db_aggregates_enabled: text })).toEqual({
        settings: { ...environment, aggregatesEnabled: value },
      });
    }
  });

  it("reads db-schemas as a list, the default first", () => {
    expect(over({ db_schemas: "api, public" })).toEqual({
      settings: { ...environment, schemas: ["api", "public"] },
    });
  });

  it("takes an empty value for the setting's own default, not the environment's", () => {
    expect(over({ db_tx_end: "", db_max_rows: "" })).toEqual({
      settings: { ...environment, txEnd: "commit", maxRows: 1000 },
    });
  });

  it("refuses the whole read for one value PostgREST would refuse", () => {
    for (const [values, error] of [
      [{ db_tx_end: "later" }, "Invalid transaction termination. Check your configuration."],
      [{ db_schemas: "public, pg_catalog" }, "db-schemas does not allow schema: 'pg_catalog'"],
      [
        { db_max_rows: "lots", db_aggregates_enabled: "true" },
        "db-max-rows must be a whole number from 1 to 1000000, not 'lots'",
      ],
      [{ db_aggregates_enabled: "yes" }, "db-aggregates-enabled must be true or false, not 'yes'"],
    ] as const) {
      expect(over(values)).toEqual({ error });
    }
  });
});

describe("RestConfig", () => {
  const environment: RestSettings = {
    schemas: ["public"],
    txEnd: "commit",
    aggregatesEnabled: false,
    maxRows: 1000,
    preConfig: undefined,
  };

  it("applies the authenticator's settings over the environment's", async () => {
    await db.exec("alter role authenticator set pgrst.db_max_rows = '20'");
    try {
      const config = new RestConfig(environment);
      expect(await config.reload(db, silentLogger)).toBe(true);
      expect(config.current).toEqual({ ...environment, maxRows: 20 });
    } finally {
      await db.exec("alter role authenticator reset all");
    }
  });

  it("reads nothing from the database under PGRST_DB_CONFIG=false", async () => {
    await db.exec("alter role authenticator set pgrst.db_max_rows = '20'");
    try {
      const config = new RestConfig(environment, false);
      expect(await config.reload(db, silentLogger)).toBe(false);
      expect(config.current).toBe(environment);
      expect(config.version).toBe(1);
    } finally {
      await db.exec("alter role authenticator reset all");
    }
  });
});
