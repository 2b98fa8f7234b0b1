import pg from "pg";
import {
  withinRows,
  type Database,
  type Keeping,
  type QueryResult,
  type Queryable,
  type RoleSettings,
} from "./database.ts";

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
  const names = settingNames(settings);
  const literals = [...settingValues(settings), ...params].map(literal);
  if (!literals.every((value) => value !== undefined)) return undefined;
  const values = literals;
  const assignments = names.map((name, index) => `set_config('${name}', ${values[index]}, true)`);
  return `select ${assignments.join(", ")};\n` + inline(text, values.slice(names.length));
}

/** The settings a request runs under, in order: role, claims, then those it has. */
function settingNames(settings: RoleSettings): string[] {
  return [
    "role",
    "request.jwt.claims",
    ...(settings.headers === undefined ? [] : ["request.headers"]),
    ...(settings.submissionLimits === undefined ? [] : ["kalima.submission_limits"]),
    ...(settings.statementTimeout === undefined ? [] : ["statement_timeout"]),
    ...(settings.timezone === undefined ? [] : ["timezone"]),
    // Going read-only is allowed at any point of a transaction, so it joins the settings.
    ...(settings.readOnly ? ["transaction_read_only"] : []),
  ];
}

function settingValues(settings: RoleSettings): string[] {
  return [
    settings.role,
    settings.claims,
    settings.headers,
    settings.submissionLimits,
    settings.statementTimeout,
    settings.timezone,
    settings.readOnly ? "on" : undefined,
  ].filter((value) => value !== undefined);
}

/** The statement that sets `settings` for the rest of a transaction, and its values. */
export function settingsStatement(settings: RoleSettings): { text: string; values: string[] } {
  const assignments = settingNames(settings).map(
    (name, index) => `set_config('${name}', $${index + 1}, true)`,
  );
  return { text: `select ${assignments.join(", ")}`, values: settingValues(settings) };
}

/** Sets the role, claims and headers for the rest of the transaction `tx` is in, as PostgREST does. */
export async function setRoleSettings(tx: Queryable, settings: RoleSettings): Promise<void> {
  const { text, values } = settingsStatement(settings);
  await tx.query(text, values);
}

class Undone<Row> extends Error {
  constructor(readonly result: QueryResult<Row>) {
    super("the statement is undone");
  }
}

/** `Database.queryAs` with `keep`, in a transaction of the driver's. */
async function keptUnderRole<Row>(
  database: Pick<Database, "transaction">,
  settings: RoleSettings,
  text: string,
  params: unknown[],
  keep: Keeping,
): Promise<QueryResult<Row>> {
  try {
    return await database.transaction(
      async (tx) => {
        await setRoleSettings(tx, settings);
        const result = await tx.query<Row>(text, params);
        if (!withinRows(result.rows, keep)) throw new Undone(result);
        if (keep.undo) {
          await tx.query("set constraints all immediate");
          throw new Undone(result);
        }
        return result;
      },
      { statementTimeout: settings.statementTimeout },
    );
  } catch (thrown) {
    if (thrown instanceof Undone) return thrown.result as QueryResult<Row>;
    throw thrown;
  }
}

/**
 * `Database.queryAs` for either driver: one round trip through `simple` (the driver's
 * simple-protocol call, answering the last statement's rows and count) when every value can be
 * written as a literal, else the settings and the statement in a transaction.
 */
export function queryUnderRole<Row>(
  database: Pick<Database, "transaction">,
  simple: (statements: string) => Promise<QueryResult<Row>>,
  settings: RoleSettings,
  text: string,
  params: unknown[],
  keep?: Keeping,
): Promise<QueryResult<Row>> {
  if (keep?.rows || keep?.undo) return keptUnderRole(database, settings, text, params, keep);
  const single = oneRoundTrip(settings, text, params);
  if (single === undefined) {
    return database.transaction(
      async (tx) => {
        await setRoleSettings(tx, settings);
        return tx.query<Row>(text, params);
      },
      { statementTimeout: settings.statementTimeout },
    );
  }
  return simple(single);
}
