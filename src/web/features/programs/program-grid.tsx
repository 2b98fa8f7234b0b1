import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { localizedPath } from "../../../shared/language.ts";
import { ZonedTime } from "../../components/ui/zoned-time.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useLanguage } from "../../language/use-language.ts";
import { usePrograms } from "./use-programs.ts";

// The same element at every render: React passes over it when the language changes.
const calendarIcon = (
  <CalendarDays aria-hidden="true" className="mt-[calc((1lh-1rem)/2)] size-4 shrink-0" />
);

/**
 * The home page's glance at the six programs and when they air; each card leads to its program
 * on the programs page, opened there (its title is the link, stretched over the whole card).
 */
export function ProgramGrid() {
  const programs = usePrograms();
  const { language } = useLanguage();
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {programs.map((program, index) => (
        <li
          key={program.key}
          className="group relative grid content-start gap-3 overflow-hidden rounded-3xl border border-gold-400/15 bg-gradient-to-br from-ink-800/70 to-ink-900 p-7 transition-colors hover:border-gold-400/40 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-300"
        >
          <span
            aria-hidden="true"
            className="absolute end-6 top-4 font-display text-6xl leading-none text-gold-400/15 transition-colors group-hover:text-gold-400/25"
          >
            {formatNumber(language, index + 1)}
          </span>
          <h3 className="text-xl font-semibold text-gold-200">
            <Link
              to={`${localizedPath("/programs", language)}#${program.key}`}
              viewTransition
              prefetch="intent"
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              {program.title}
            </Link>
          </h3>
          <p className="text-paper/75">{program.summary}</p>
          <p className="mt-2 flex items-start gap-2 text-sm text-gold-300">
            {calendarIcon}
            {/* A bar, not a middle dot: beside Arabic-Indic digits a dot reads as a zero (٠). As
                text, so that on a narrow card the zone wraps under the day, not beside it. */}
            <span>
              {program.day}
              <span
                aria-hidden="true"
                className="mx-2 inline-block h-3.5 w-px bg-gold-300/60 align-[-0.15em]"
              />
              <ZonedTime dateTime={program.slot.start}>{program.time}</ZonedTime>
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
