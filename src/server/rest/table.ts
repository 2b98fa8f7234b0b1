import { restError } from "./errors.ts";
import type { SchemaCache, TableInfo } from "./schema-cache.ts";

export function requireTable(schema: SchemaCache, name: string): TableInfo {
  const table = schema.get(name);
  if (!table) throw restError.unknownTable(name);
  return table;
}

/** Accept-Profile / Content-Profile: supabase-js always sends `public`, the only exposed schema. */
export function requireProfile(profile: string | undefined): void {
  if (profile !== undefined && profile !== "public") throw restError.schemaNotExposed(profile);
}
