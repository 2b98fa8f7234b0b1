import type { Context } from "hono";
import type { TxEnd } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { AppEnv } from "../../http/context.ts";
import type { RestDependencies } from "../dependencies.ts";
import { restError } from "../errors.ts";

// The Prefer header as PostgREST 12 reads it (Preferences.hs): every value split on commas and
// trimmed, each compared whole with the values it knows, the first of each kind wins. A value
// it does not know is ignored unless handling=strict, which refuses it (PGRST122).

const known = {
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  return: ["representation", "minimal", "headers-only"],
  // PostgREST's deprecated way to hand a function its arguments as one object: a value it
  // knows, so never refused, but one this server does not act on.
  params: ["single-object"],
  count: ["exact", "planned", "estimated"],
  tx: ["commit", "rollback"],
  handling: ["strict", "lenient"],
} as const;

type Kind = keyof typeof known;
type Value<K extends Kind> = (typeof known)[K][number];

export type Preferences = { [K in Kind]: Value<K> | undefined } & {
  /** `timezone=…`, when it names one of the database's time zones (pg_timezone_names). */
  timezone: string | undefined;
  /** `max-affected=n`; it bounds a write only under handling=strict. */
  maxAffected: number | undefined;
};

/** What `Preference-Applied` may name, in the order PostgREST lists them. */
export type Applied = Kind | "timezone" | "max-affected";

const appliedOrder: readonly Applied[] = [
  "resolution",
  "missing",
  "return",
  "params",
  "count",
  "tx",
  "handling",
  "timezone",
  "max-affected",
];

const knownValues = new Set(
  Object.entries(known).flatMap(([kind, values]) => values.map((value) => `${kind}=${value}`)),
);

/** The value after `prefix` of the first preference that has it. */
function firstWith(prefix: string, preferences: string[]): string | undefined {
  return preferences.find((text) => text.startsWith(prefix))?.slice(prefix.length);
}

/** Haskell's `readMaybe` for an Int64, as PostgREST reads max-affected: digits, maybe a minus. */
function integer(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*-?\d+\s*$/u.test(text)) return undefined;
  return Number(text);
}

/**
 * The preferences of a request. `tx` is read only where `txEnd` allows an override; elsewhere it
 * is ignored, though never counted as invalid, as PostgREST does. `timezones` are the names a
 * `timezone=` may take; without them none is accepted.
 */
export function readPreferences(
  header: string | undefined,
  txEnd?: TxEnd,
  timezones?: ReadonlySet<string>,
): Preferences {
  // PostgREST splits every Prefer header it is sent, an empty one included: `Prefer: ` is one
  // empty (and so invalid) preference.
  const texts = header === undefined ? [] : header.split(",").map((text) => text.trim());
  const preferences: Record<string, unknown> = {};
  for (const kind of Object.keys(known) as Kind[]) {
    const first = texts.find((text) => knownValues.has(text) && text.startsWith(`${kind}=`));
    preferences[kind] = first?.slice(kind.length + 1);
  }
  // Only the first timezone= counts: when it is a zone, every timezone= is taken as valid.
  const timezone = firstWith("timezone=", texts);
  const zoneAccepted = timezone !== undefined && (timezones?.has(timezone) ?? false);
  preferences.timezone = zoneAccepted ? timezone : undefined;
  // Any max-affected= is a known preference, though only digits give it a value.
  preferences.maxAffected = integer(firstWith("max-affected=", texts));
  const invalid = texts.filter(
    (text) =>
      !knownValues.has(text) &&
      (!text.startsWith("timezone=") || !zoneAccepted) &&
      !text.startsWith("max-affected="),
  );
  if (preferences.handling === "strict" && invalid.length > 0) {
    throw restError.invalidPreferences(invalid);
  }
  if (!txEnd?.endsWith("-allow-override")) preferences.tx = undefined;
  return preferences as Preferences;
}

// The names a timezone= may take, as PostgREST reads them once from pg_timezone_names: here on
// the first request that sends one, since few do.
const zoneNames = new WeakMap<Database, Promise<ReadonlySet<string>>>();

function timezoneNames(db: Database): Promise<ReadonlySet<string>> {
  let names = zoneNames.get(db);
  if (!names) {
    names = db
      .query<{ name: string }>("select name from pg_timezone_names")
      .then(({ rows }) => new Set(rows.map((row) => row.name)));
    // A failed read is tried again by the next request, not remembered.
    names.catch(() => zoneNames.delete(db));
    zoneNames.set(db, names);
  }
  return names;
}

/**
 * The preferences of a request, read as `readPreferences` reads them. A time zone it accepts is
 * kept on the request, for every statement it runs (requestRole) to set as its `timezone`.
 */
export async function requestPreferences(
  c: Context<AppEnv>,
  deps: Pick<RestDependencies, "db" | "settings">,
): Promise<Preferences> {
  const header = c.req.header("prefer");
  const zones = header?.includes("timezone=") ? await timezoneNames(deps.db) : undefined;
  const preferences = readPreferences(header, deps.settings.current.txEnd, zones);
  if (preferences.timezone !== undefined) c.set("timezone", preferences.timezone);
  return preferences;
}

/** Whether the request's transaction ends in a rollback: its setting, or its Prefer: tx. */
export function rollsBack(txEnd: TxEnd | undefined, preferences: Preferences): boolean {
  if (preferences.tx) return preferences.tx === "rollback";
  return txEnd?.startsWith("rollback") ?? false;
}

/**
 * The bound max-affected puts on a write: only under handling=strict; under lenient, or with no
 * handling, PostgREST ignores it.
 */
export function affectedBound(preferences: Preferences): number | undefined {
  return preferences.handling === "strict" ? preferences.maxAffected : undefined;
}

/**
 * More rows than `max-affected` allows were written: 400 PGRST124, thrown inside the write's
 * transaction so that nothing of it stays.
 */
export function requireAffectedAtMost(preferences: Preferences, rows: number): void {
  const bound = affectedBound(preferences);
  if (bound !== undefined && rows > bound) throw restError.maxAffectedExceeded(rows);
}

function appliedValue(preferences: Preferences, kind: Applied): string | undefined {
  if (kind === "max-affected") {
    const bound = affectedBound(preferences);
    return bound === undefined ? undefined : String(bound);
  }
  const value = preferences[kind];
  return value === undefined ? undefined : String(value);
}

/** `Preference-Applied` for the kinds a method honours, or undefined when none was sent. */
export function preferenceApplied(
  preferences: Preferences,
  honoured: readonly Applied[],
): string | undefined {
  const applied = appliedOrder.flatMap((kind) => {
    const value = honoured.includes(kind) ? appliedValue(preferences, kind) : undefined;
    return value === undefined ? [] : [`${kind}=${value}`];
  });
  return applied.length > 0 ? applied.join(", ") : undefined;
}

/** What each method names in Preference-Applied, as PostgREST 12's responses do (Response.hs). */
export const appliedBy = {
  read: ["count", "tx", "handling", "timezone"],
  insert: ["missing", "return", "count", "tx", "handling", "timezone"],
  update: ["missing", "return", "count", "tx", "handling", "timezone", "max-affected"],
  put: ["return", "count", "tx", "handling", "timezone"],
  delete: ["return", "count", "tx", "handling", "timezone", "max-affected"],
  // PostgREST names params=single-object too; it is not acted on here, so it is not named.
  call: ["count", "tx", "handling", "timezone", "max-affected"],
} as const satisfies Record<string, readonly Applied[]>;
