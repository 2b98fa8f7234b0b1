import pg from "pg";
import type { Database, QueryResult, Queryable, RoleSettings } from "./database.ts";

function literal(value: unknown): string | undefined {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  // A NUL cannot travel inside a query's text; the parameterised path reports it properly.
  if (typeof value === "string") return value.includes("\0") ? undefined : pg.escapeLiteral(value);
  return undefined;
}

/** Replaces $1, $2... with literals, outside quoted strings and identifiers. */
function inline(text: string, literals: string[]): string {
  let output = "";
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? "";
    if (character === "'" || character === '"') {
      const end = text.indexOf(character, index + 1);
      const stop = end === -1 ? text.length : end + 1;
      output += text.slice(index, stop);
      index = stop;
      continue;
    }
    const parameter = character === "$" ? /^\$(\d+)/u.exec(text.slice(index)) : null;
    if (parameter) {
      const value = literals[Number(parameter[1]) - 1];
      if (value === undefined) throw new Error(`No value for ${parameter[0]}`);
      output += value;
      index += parameter[0].length;
      continue;
    }
    output += character;
    index += 1;
  }
  return output;
}

/**
 * The settings and the statement as one simple-protocol message: PostgreSQL runs a message of
 * several statements as one implicit transaction, so set_config(…, true) holds for the statement
 * and ends with it, and an error rolls all of it back. One round trip instead of four (begin,
 * settings, statement, commit). Undefined when a value cannot be written as a literal.
 *
 * Only for statements this server writes: `text` must have no comments or dollar quoting.
 */
export function oneRoundTrip(
  settings: RoleSettings,
  text: string,
  params: unknown[],
): string | undefined {
  const literals = [settings.role, settings.claims, ...params].map(literal);
  if (!literals.every((value) => value !== undefined)) return undefined;
  const [role, claims, ...values] = literals as string[];
  return (
    `select set_config('role', ${role}, true), set_config('request.jwt.claims', ${claims}, true);\n` +
    inline(text, values)
  );
}

/** Sets the role and claims for the rest of the transaction `tx` is in, as PostgREST does. */
export async function setRoleSettings(tx: Queryable, settings: RoleSettings): Promise<void> {
  await tx.query(
    "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
    [settings.role, settings.claims],
  );
}

/**
 * `Database.queryAs` for either driver: one round trip through `simple` (the driver's
 * simple-protocol call, answering the last statement's rows) when every value can be written
 * as a literal, else the settings and the statement in a transaction.
 */
export function queryUnderRole<Row>(
  database: Pick<Database, "transaction">,
  simple: (statements: string) => Promise<Row[]>,
  settings: RoleSettings,
  text: string,
  params: unknown[],
): Promise<QueryResult<Row>> {
  const single = oneRoundTrip(settings, text, params);
  if (single === undefined) {
    return database.transaction(async (tx) => {
      await setRoleSettings(tx, settings);
      return tx.query<Row>(text, params);
    });
  }
  return simple(single).then((rows) => ({ rows }));
}
