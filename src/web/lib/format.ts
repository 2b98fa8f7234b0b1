import type { Language } from "../../shared/language.ts";

// A number, a day and a time as the page writes them, which the server's mail writes too.
export {
  formatEveryWeekday,
  formatNumber,
  formatTime,
  formatTimeRange,
  formatWeekday,
} from "../../shared/schedule-format.ts";

const locales: Record<Language, string> = { ar: "ar-u-nu-arab", en: "en-US" };

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
