import { authError } from "./errors.ts";
import type { JsonObject } from "./request.ts";

/** `user_metadata` or `app_metadata` of the admin API: an object, or absent when null. */
export function metadataParam(params: JsonObject, name: string): JsonObject | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw authError.badJson(
      `json: cannot unmarshal ${typeof value} into field ${name} of type map`,
    );
  }
  return value as JsonObject;
}

const millisecondsPerUnit: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  "\u00b5s": 1e-3,
  "\u03bcs": 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

// time.Duration is an int64 of nanoseconds.
const longestDurationMilliseconds = 9_223_372_036_854.775;

/** Go's time.quote: control and non-ASCII bytes as \xHH, quotes and backslashes escaped. */
function goQuote(text: string): string {
  let quoted = '"';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || code >= 0x80) {
      for (const byte of Buffer.from(character, "utf8")) {
        quoted += `\\x${byte.toString(16).padStart(2, "0")}`;
      }
    } else {
      quoted += character === '"' || character === "\\" ? `\\${character}` : character;
    }
  }
  return `${quoted}"`;
}

/** Go's time.ParseDuration, in milliseconds, or its error's words. */
export function parseGoDuration(text: string): { milliseconds: number } | { error: string } {
  const invalid = { error: `time: invalid duration ${goQuote(text)}` };
  let rest = text;
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    sign = rest.startsWith("-") ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === "0") return { milliseconds: 0 };
  if (rest === "") return invalid;
  let total = 0;
  while (rest !== "") {
    const match = /^(\d*)(?:\.(\d*))?([^\d.]*)/u.exec(rest);
    const [whole = "", digits = "", fraction, unit = ""] = match ?? [];
    if (digits === "" && (fraction ?? "") === "") return invalid;
    if (unit === "") return { error: `time: missing unit in duration ${goQuote(text)}` };
    const scale = millisecondsPerUnit[unit];
    if (scale === undefined) {
      return { error: `time: unknown unit ${goQuote(unit)} in duration ${goQuote(text)}` };
    }
    total += Number(`${digits || "0"}.${fraction ?? ""}0`) * scale;
    if (total > longestDurationMilliseconds) return invalid;
    rest = rest.slice(whole.length);
  }
  return { milliseconds: sign * total };
}

/**
 * When a ban given as GoTrue's `ban_duration` ends: "none" (or a zero duration) lifts it,
 * anything else is a Go duration from now; a bad one is GoTrue's `validation_failed`.
 */
export function banUntil(duration: string): Date | null {
  if (duration === "none") return null;
  const parsed = parseGoDuration(duration);
  if ("error" in parsed) {
    throw authError.validation(`invalid format for ban duration: ${parsed.error}`);
  }
  return parsed.milliseconds === 0 ? null : new Date(Date.now() + parsed.milliseconds);
}
