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

export function formatWeekday(language: Language, day: Weekday): string {
  return new Intl.DateTimeFormat(locales[language], { weekday: "long", timeZone: "UTC" }).format(
    at(day, "00:00"),
  );
}

export function formatTime(language: Language, time: string): string {
  return new Intl.DateTimeFormat(locales[language], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(at(0, time));
}

export function formatTimeRange(language: Language, start: string, end: string): string {
  return new Intl.DateTimeFormat(locales[language], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).formatRange(at(0, start), at(0, end));
}

export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(locales[language], { useGrouping: false }).format(value);
}
