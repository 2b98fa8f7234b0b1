// The PostgreSQL twin of database-template.ts: migrates one template database per run; every test
// file gets its own database copied from it (CREATE DATABASE ... TEMPLATE), dropped afterwards.
import type { TestProject } from "vitest/node";
import { migrate, readMigrations } from "../../src/server/db/migrate.ts";
import { openPostgres } from "../../src/server/db/postgres.ts";
import { createDatabase } from "./postgres-databases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await createDatabase("template");
  try {
    const db = await openPostgres({ connectionString: template.url, poolSize: 1 });
    try {
      await migrate(db, await readMigrations("supabase/migrations"));
    } finally {
      await db.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
