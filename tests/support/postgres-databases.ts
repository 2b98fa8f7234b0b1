// Databases of their own for tests, in the PostgreSQL cluster named by TEST_DATABASE_URL: each
// created fresh (empty, or copied from a migrated template) and dropped when the test is done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "TEST_DATABASE_URL is not set: the PostgreSQL suites need a cluster where they may create databases " +
        "(node scripts/with-postgres.mjs <command> starts a throwaway one)",
    );
  }
  return url;
}

export function uniqueDatabaseName(label: string): string {
  return `kalima_${label}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** The URL of `name` in the same cluster, as the same user. */
export function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createDatabase(
  label: string,
  options: { template?: string } = {},
): Promise<TestDatabase> {
  const name = uniqueDatabaseName(label);
  const template = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : "";
  await administer(`create database ${pg.escapeIdentifier(name)}${template}`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => administer(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
}

/** Set by the vitest projects that run a suite on PostgreSQL rather than the embedded database. */
export function onPostgres(): boolean {
  return process.env.TEST_DATABASE_KIND === "postgres";
}
