import type { Language } from "../../../shared/language.ts";
import { formatNumber } from "../../lib/format.ts";

/**
 * A noun after a count, one form per plural category the language uses (Intl.PluralRules):
 * Arabic has six, English two. `count` comes formatted in the language's numerals.
 */
export type CountedNoun = Partial<Record<Intl.LDMLPluralRule, (count: string) => string>> & {
  other: (count: string) => string;
};

// The site's numerals (lib/format.ts): Arabic-Indic in Arabic, Latin in English.
const locales: Record<Language, string> = { ar: "ar-u-nu-arab", en: "en-US" };

const dateTimes = new Map<Language, Intl.DateTimeFormat>();
const pluralRules = new Map<Language, Intl.PluralRules>();

/** A moment in the reader's language and time zone: "Jan 31, 2026, 6:05 PM", "٣١ يناير ٢٠٢٦، ٦:٠٥ م". */
export function formatDateTime(language: Language, value: string): string {
  let format = dateTimes.get(language);
  if (!format) {
    // The month named: Arabic's medium date style is all digits and slashes.
    format = new Intl.DateTimeFormat(locales[language], {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    dateTimes.set(language, format);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** A count and its noun in the form the language's plural rules ask for. */
export function formatCount(language: Language, count: number, noun: CountedNoun): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const form = noun[rules.select(count)] ?? noun.other;
  return form(formatNumber(language, count));
}
