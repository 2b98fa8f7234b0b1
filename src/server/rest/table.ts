import { restError } from "./errors.ts";
import { similarity } from "./fuzzy.ts";
import type { FunctionInfo, SchemaCache, TableInfo } from "./schema-cache.ts";

/**
 * The closest of `names` to `wanted`, scored as PostgREST's fuzzy set scores its hints (one less
 * the edit distance over the longer length, case-insensitive), when it scores at least `minimum`.
 */
export function closestName(
  wanted: string,
  names: Iterable<string>,
  minimum: number,
): string | undefined {
  let best: { name: string; score: number } | undefined;
  const target = wanted.toLowerCase();
  for (const name of names) {
    const candidate = name.toLowerCase();
    if (candidate.length === 0 && target.length === 0) continue;
    const score = similarity(candidate, target);
    if (score >= minimum && (!best || score > best.score)) best = { name, score };
  }
  return best?.name;
}

export function requireTable(schema: SchemaCache, schemaName: string, name: string): TableInfo {
  const table = schema.table(schemaName, name);
  if (!table) {
    const hint = closestName(name, schema.tableNames(schemaName), 0.75);
    throw restError.unknownTable(schemaName, name, hint && `${schemaName}.${hint}`);
  }
  return table;
}

export function functionsNamed(
  schema: SchemaCache,
  schemaName: string,
  name: string,
): readonly FunctionInfo[] {
  return schema.functions(schemaName, name);
}

/**
 * The schema a request is about: Accept-Profile (reads) or Content-Profile (writes), else the
 * first exposed one; another schema is refused as PostgREST refuses it (PGRST106).
 */
export function requireProfile(schema: SchemaCache, profile: string | undefined): string {
  if (profile === undefined) return schema.schemas[0] ?? "public";
  if (!schema.schemas.includes(profile)) throw restError.schemaNotExposed(profile, schema.schemas);
  return profile;
}
