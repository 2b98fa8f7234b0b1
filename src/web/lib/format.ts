import type { Language } from "../../shared/language.ts";
import type { Weekday } from "../content/site.ts";

// Arabic with Arabic-Indic digits (٩:٠٠ م), English as in the US (9:00 PM). The numbering
// system is named so the prerendered HTML and the browser agree whatever their ICU defaults.
const locales: Record<Language, string> = { ar: "ar-u-nu-arab", en: "en-US" };

// A week that starts on a Sunday, in UTC, to name weekdays without time-zone surprises.
const sunday = Date.UTC(2024, 0, 7);

function at(day: Weekday, time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return sunday + ((day * 24 + hours) * 60 + minutes) * 60_000;
}

// Building an Intl formatter costs far more than using one: each is made once per language.
const formatters = {
  weekday: { weekday: "long", timeZone: "UTC" },
  time: { hour: "numeric", minute: "2-digit", timeZone: "UTC" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function dateFormat(language: Language, kind: keyof typeof formatters): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], formatters[kind]);
    dateFormats.set(key, format);
  }
  return format;
}

export function formatWeekday(language: Language, day: Weekday): string {
  return dateFormat(language, "weekday").format(at(day, "00:00"));
}

export function formatTime(language: Language, time: string): string {
  return dateFormat(language, "time").format(at(0, time));
}

export function formatTimeRange(language: Language, start: string, end: string): string {
  return dateFormat(language, "time").formatRange(at(0, start), at(0, end));
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** How long to wait, as a phrase: "in 7 minutes", "خلال ٧ دقائق", "in 2 hours" (rounded up). */
export function formatWait(language: Language, seconds: number): string {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locales[language], { numeric: "always" });
    relativeFormats.set(language, format);
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 60
    ? format.format(minutes, "minute")
    : format.format(Math.ceil(minutes / 60), "hour");
}

export function formatNumber(language: Language, value: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(locales[language], { useGrouping: false });
    numberFormats.set(language, format);
  }
  return format.format(value);
}
