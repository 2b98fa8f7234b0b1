import { CalendarDays, ChevronDown, Clock, ExternalLink } from "lucide-react";
import { useState } from "react";
import { newTabNoteId } from "../../components/layout/new-tab-note.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { usePrograms } from "./use-programs.ts";

/** Six cards; each is a button that opens its schedule and where to watch. */
export function ProgramAccordion() {
  const { content } = useLanguage();
  const text = content.programsPage;
  const programs = usePrograms();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <ul className="grid items-start gap-5 md:grid-cols-2">
      {programs.map((program) => {
        const expanded = open.has(program.key);
        const panelId = `${program.key}-details`;
        return (
          <li
            key={program.key}
            className={`overflow-hidden rounded-3xl border transition-colors ${expanded ? "border-gold-400/50 bg-ink-800/60" : "border-gold-400/15 bg-ink-900"}`}
          >
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(program.key)}
                className="grid w-full grid-cols-[1fr_auto] items-start gap-x-4 gap-y-2 p-7 text-start transition-colors hover:bg-white/[0.03] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-300"
              >
                <span className="text-xl font-semibold text-gold-200">{program.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`mt-1 size-6 text-gold-300 transition-transform ${expanded ? "rotate-180" : ""}`}
                />
                <span className="col-span-2 text-base font-normal text-paper/75">
                  {program.summary}
                </span>
              </button>
            </h2>
            <div
              id={panelId}
              hidden={!expanded}
              className="border-t border-gold-400/15 px-7 pb-7 pt-5"
            >
              <dl className="grid gap-3 sm:grid-cols-2">
                <div>
                  <dt className="sr-only">{text.day}</dt>
                  <dd className="flex items-center gap-3">
                    <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-gold-300" />
                    <span suppressHydrationWarning>
                      {program.day} <span className="text-paper/70">({text.weekly})</span>
                    </span>
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">{text.time}</dt>
                  <dd className="flex items-center gap-3">
                    <Clock aria-hidden="true" className="size-5 shrink-0 text-gold-300" />
                    <time dateTime={program.slot.start} suppressHydrationWarning>
                      {program.time}
                    </time>
                  </dd>
                </div>
              </dl>
              {program.youtube && (
                <a
                  href={program.youtube}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby={newTabNoteId}
                  className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-full bg-gold-400 px-5 py-2 font-bold text-ink-950 transition hover:bg-gold-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
                >
                  {text.watch}
                  <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
