import type { Language } from "./language.ts";

// The schedule as the site writes it: Arabic with Arabic-Indic digits (٩:٠٠ م), English as in
// the US (9:00 PM). Shared, so that the mail the server writes says a time as the page does.
//
// What a first view shows (the footer's year, the program cards' numbers, days and times) is
// written here without Intl: the first Intl formatter a page builds costs 50 to 190 ms under 4×
// CPU slowdown whatever it formats (ICU's start), a long task on every page's start. The tests
// hold every value these functions can write to what ICU writes (src/web/lib/format.test.ts), so
// the prerendered page and the browser write the same characters whatever their ICU.

const arabicZero = 0x0660;

/** A whole number in the language's digits, without grouping: ٢٠٢٦, 2026. */
export function formatNumber(language: Language, value: number): string {
  const written = String(value);
  if (language === "en") return written;
  return written.replace(/\d/gu, (digit) => String.fromCharCode(arabicZero + Number(digit)));
}

const weekdays: Record<Language, readonly string[]> = {
  ar: ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
};

/**
 * A day that comes back each week, from the day the team set: "Every Saturday", «كل سبت» (the
 * Arabic day without its article).
 */
export function formatEveryWeekday(language: Language, day: number): string {
  const name = weekdays[language][day] ?? "";
  return language === "ar" ? `كل ${name.replace(/^ال/u, "")}` : `Every ${name}`;
}

/** Before and after noon. */
const periods: Record<Language, readonly [string, string]> = { ar: ["ص", "م"], en: ["AM", "PM"] };

// A time never breaks from its period, nor a range from its dash.
const noBreak = "\u00a0";
const thin = "\u2009";

export function formatWeekday(language: Language, day: number): string {
  return weekdays[language][day] ?? "";
}

interface Clock {
  digits: string;
  period: string;
}

/** "21:00" as the digits of a 12-hour clock and its period. */
function clock(language: Language, time: string): Clock {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const digits = `${formatNumber(language, hour)}:${formatNumber(language, minutes).padStart(2, formatNumber(language, 0))}`;
  return { digits, period: periods[language][hours < 12 ? 0 : 1] };
}

export function formatTime(language: Language, time: string): string {
  const { digits, period } = clock(language, time);
  return `${digits}${noBreak}${period}`;
}

/** 7:00 – 8:30 PM, ٧:٠٠–٨:٣٠ م; with a period each when they differ. */
export function formatTimeRange(language: Language, start: string, end: string): string {
  const from = clock(language, start);
  const to = clock(language, end);
  if (from.period !== to.period) {
    return `${formatTime(language, start)}${thin}–${thin}${formatTime(language, end)}`;
  }
  const dash = language === "en" ? `${thin}–${thin}` : "–";
  return `${from.digits}${dash}${to.digits}${noBreak}${to.period}`;
}
