import type { TxEnd } from "../config.ts";
import { restError } from "./errors.ts";

// The Prefer header as PostgREST reads it (Preferences.hs): every value split on commas and
// trimmed, the first of each kind wins, unknown ones are ignored unless handling=strict.

const known = {
  return: ["representation", "minimal", "headers-only"],
  count: ["exact", "planned", "estimated"],
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  handling: ["strict", "lenient"],
  tx: ["commit", "rollback"],
} as const;

type Kind = keyof typeof known;
type Value<K extends Kind> = (typeof known)[K][number];

export type Preferences = { [K in Kind]: Value<K> | undefined };

/** The order PostgREST lists applied preferences in. */
const appliedOrder = ["resolution", "missing", "return", "count", "tx", "handling"] as const;

/**
 * The preferences of a request. `tx` is read only where `txEnd` allows an override; elsewhere it
 * is ignored, though never counted as invalid, as PostgREST does.
 */
export function readPreferences(header: string | undefined, txEnd?: TxEnd): Preferences {
  const preferences: Record<string, string | undefined> = {};
  const invalid: string[] = [];
  for (const part of (header ?? "").split(",")) {
    const text = part.trim();
    if (!text) continue;
    const [key = "", value = ""] = text.split("=", 2).map((piece) => piece.trim());
    const values: readonly string[] | undefined = known[key as Kind];
    if (!values?.includes(value)) invalid.push(text);
    else preferences[key] ??= value;
  }
  if (preferences.handling === "strict" && invalid.length > 0) {
    throw restError.invalidPreferences(invalid);
  }
  if (!txEnd?.endsWith("-allow-override")) delete preferences.tx;
  return preferences as Preferences;
}

/** Whether the request's transaction ends in a rollback: its setting, or its Prefer: tx. */
export function rollsBack(txEnd: TxEnd | undefined, preferences: Preferences): boolean {
  if (preferences.tx) return preferences.tx === "rollback";
  return txEnd?.startsWith("rollback") ?? false;
}

/** `Preference-Applied` for the kinds a method honours, or undefined when none was sent. */
export function preferenceApplied(
  preferences: Preferences,
  honoured: readonly Kind[],
): string | undefined {
  const applied = appliedOrder
    .filter((kind) => honoured.includes(kind) && preferences[kind] !== undefined)
    .map((kind) => `${kind}=${preferences[kind]}`);
  return applied.length > 0 ? applied.join(", ") : undefined;
}
