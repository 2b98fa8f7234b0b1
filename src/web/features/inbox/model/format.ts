import type { Language } from "../../../../shared/language.ts";
import { formatNumber } from "../../../lib/format.ts";
import { formatCount, type CountedNoun } from "../../../components/team/format.ts";
import type { InboxContent } from "../content/types.ts";
import type { Counted } from "./count.ts";

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
