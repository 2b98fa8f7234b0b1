// Migrates one embedded database per run and hands its files to every test file, which starts
// its own copy: a fresh, migrated database per file in about a second instead of five.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate, readMigrations } from "../../src/server/db/migrate.ts";
import { databaseFromPGlite } from "../../src/server/db/pglite.ts";
import { pgliteExtensions } from "../../src/server/db/pglite-extensions.js";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), "kalima-template-"));
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(databaseFromPGlite(pglite), await readMigrations("supabase/migrations"));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const file = path.join(directory, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("databaseTemplate", file);
  return () => rm(directory, { recursive: true, force: true });
}
