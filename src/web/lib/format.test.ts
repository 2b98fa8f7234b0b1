import { describe, expect, it } from "vitest";
import type { Language } from "../../shared/language.ts";
import type { Weekday } from "../content/site.ts";
import {
  formatEveryWeekday,
  formatNumber,
  formatTime,
  formatTimeRange,
  formatWeekday,
} from "./format.ts";

// What ICU writes, for comparison: the site writes the same without starting ICU in the browser.
const locales: Record<Language, string> = { ar: "ar-u-nu-arab", en: "en-US" };
const sunday = Date.UTC(2024, 0, 7);
const at = (day: number, hours: number, minutes: number) =>
  sunday + ((day * 24 + hours) * 60 + minutes) * 60_000;
// ICU's spaces differ between versions (a plain, a no-break or a narrow no-break space before
// the period): the words, digits and dashes must match, and a space stand where ICU has one.
const spaced = (text: string) => text.replace(/[\s\u00a0\u2009\u202f]+/gu, " ");

const times = Array.from({ length: 24 }, (_, hours) =>
  [0, 5, 30, 59].map((minutes) => ({ hours, minutes })),
).flat();
const hhmm = ({ hours, minutes }: { hours: number; minutes: number }) =>
  `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;

describe.each(["ar", "en"] as const)(
  "in %s, what a first view shows reads as ICU writes it",
  (language) => {
    it("numbers", () => {
      const icu = new Intl.NumberFormat(locales[language], { useGrouping: false });
      for (const value of [0, 1, 7, 10, 99, 100, 1234, 2026, 99_999]) {
        expect(formatNumber(language, value)).toBe(icu.format(value));
      }
    });

    it("weekdays", () => {
      const icu = new Intl.DateTimeFormat(locales[language], { weekday: "long", timeZone: "UTC" });
      for (const day of [0, 1, 2, 3, 4, 5, 6] as Weekday[]) {
        expect(formatWeekday(language, day)).toBe(icu.format(at(day, 0, 0)));
      }
    });

    it("times of day, alone and as ranges", () => {
      const icu = new Intl.DateTimeFormat(locales[language], {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "UTC",
      });
      for (const time of times) {
        const written = formatTime(language, hhmm(time));
        expect(spaced(written)).toBe(spaced(icu.format(at(0, time.hours, time.minutes))));
        // A time never breaks from its period.
        expect(written).not.toMatch(/ /u);
      }
      for (const [start, end] of [
        [
          { hours: 19, minutes: 0 },
          { hours: 20, minutes: 30 },
        ],
        [
          { hours: 9, minutes: 0 },
          { hours: 13, minutes: 0 },
        ],
        [
          { hours: 0, minutes: 5 },
          { hours: 11, minutes: 59 },
        ],
        [
          { hours: 11, minutes: 30 },
          { hours: 12, minutes: 0 },
        ],
      ] as const) {
        expect(spaced(formatTimeRange(language, hhmm(start), hhmm(end)))).toBe(
          spaced(icu.formatRange(at(0, start.hours, start.minutes), at(0, end.hours, end.minutes))),
        );
      }
    });
  },
);

describe("a day that comes back each week", () => {
  it.each([
    ["ar", 6, "كل سبت"],
    ["ar", 1, "كل اثنين"],
    ["ar", 5, "كل جمعة"],
    ["en", 6, "Every Saturday"],
    ["en", 0, "Every Sunday"],
  ] as const)("in %s, day %i, is %s", (language, day, written) => {
    expect(formatEveryWeekday(language, day)).toBe(written);
  });
});
