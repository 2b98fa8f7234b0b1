import type { Language } from "../../../../shared/language.ts";
import { formatNumber } from "../../../lib/format.ts";
import type { CountedNoun, InboxContent } from "../content/types.ts";
import type { Counted } from "./count.ts";

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

type CountWords = Pick<
  InboxContent["list"],
  "about" | "moreThan" | "aboutNumber" | "moreThanNumber"
>;

/** A count and its noun: "3 submissions", "About 250000 submissions", "More than 1000 submissions". */
export function formatTally(
  language: Language,
  count: number,
  noun: CountedNoun,
  counted: Counted,
  words: CountWords,
): string {
  const said = formatCount(language, count, noun);
  return counted === "exact"
    ? said
    : counted === "about"
      ? words.about(said)
      : words.moreThan(said);
}

/** A bare count the same way, beside a filter's choice: "253", "about 250000", "over 1000". */
export function formatTallyNumber(
  language: Language,
  count: number,
  counted: Counted,
  words: CountWords,
): string {
  const said = formatNumber(language, count);
  return counted === "exact"
    ? said
    : counted === "about"
      ? words.aboutNumber(said)
      : words.moreThanNumber(said);
}
