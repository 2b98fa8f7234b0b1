import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.ts";

type PGliteQueryable = Pick<PGlite, "query" | "exec">;

function wrap(target: PGliteQueryable): Queryable {
  return {
    async query(text, params) {
      const result = await target.query(text, params);
      return { rows: result.rows as never[] };
    },
    async exec(text) {
      await target.exec(text);
    },
  };
}

export function databaseFromPGlite(pglite: PGlite): Database {
  return {
    kind: "pglite",
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}

/** The embedded database: PostgreSQL compiled to WebAssembly, its files in `directory`. */
export async function openPGlite(directory: string): Promise<Database> {
  await mkdir(directory, { recursive: true });
  const pglite = await PGlite.create(directory);
  return databaseFromPGlite(pglite);
}
