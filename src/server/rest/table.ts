import { restError } from "./errors.ts";
import type { FunctionInfo, SchemaCache, TableInfo } from "./schema-cache.ts";

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

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
    const length = Math.max(candidate.length, target.length);
    if (length === 0) continue;
    const score = 1 - levenshtein(candidate, target) / length;
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
