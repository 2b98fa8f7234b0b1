import { CalendarDays, ChevronDown, Clock, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { Content } from "../../content/types.ts";
import { newTabNoteId } from "../../components/layout/new-tab-note.tsx";
import { SitePhoto } from "../../components/ui/site-photo.tsx";
import { ZonedTime } from "../../components/ui/zoned-time.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { HydrationPart, useHydrated } from "../../lib/wake-up.tsx";
import { usePrograms, type Program } from "./use-programs.ts";

// The same element at every render: React passes over it when the language changes.
const chevronIcon = (
  <ChevronDown
    aria-hidden="true"
    className="mt-1 size-6 text-gold-300 transition-transform group-open:rotate-180"
  />
);
const calendarIcon = <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-gold-300" />;
const clockIcon = <Clock aria-hidden="true" className="size-5 shrink-0 text-gold-300" />;
const externalIcon = <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />;

/**
 * Six cards; each is a native disclosure that opens its schedule and where to watch, with or
 * without scripts. The app only keeps aria-expanded in step with it. Each card hydrates on its
 * own and keeps its own state, so a tap on one waits for, and renders, that card only: state
 * held above them all made a toggle render every card, hydrating at once any not yet awake.
 *
 * An address naming a card (/programs#program-3, as the home page's cards link) opens it: its
 * fragment names an element inside the closed <details>, which the browser opens to reveal, as
 * HTML asks of it, before any script; the app does the same when it follows the link itself.
 */
export function ProgramAccordion() {
  const { content } = useLanguage();
  const programs = usePrograms();
  return (
    <ul className="grid items-start gap-5 md:grid-cols-2">
      {programs.map((program) => (
        <li key={program.key}>
          <HydrationPart>
            <ProgramCard program={program} text={content.programsPage} />
          </HydrationPart>
        </li>
      ))}
    </ul>
  );
}

/**
 * A thumbnail beside the title at every width: the title and summary stay the first view's
 * largest paint, and six covers cost a phone a few kilobytes each.
 */
const coverSizes = "6rem";

function ProgramCard({ program, text }: { program: Program; text: Content["programsPage"] }) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  // A card opened before the app woke stays open, and says so. Closed, nothing to render.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const targeted = useLocation().hash === `#${program.key}`;
  const wokeFromHtml = useRef(!hydrated);
  useEffect(() => {
    // Woken from the HTML, the browser has already answered the address; the visitor may have
    // scrolled or tabbed on since.
    if (wokeFromHtml.current) {
      wokeFromHtml.current = false;
      return;
    }
    if (!targeted || !details.current) return;
    details.current.open = true;
    summary.current?.focus({ preventScroll: true });
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    anchor.current?.scrollIntoView({ block: "start", behavior: still ? "instant" : "smooth" });
  }, [targeted]);
  const panelId = `${program.key}-details`;
  return (
    <details
      ref={details}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group relative overflow-hidden rounded-3xl border border-gold-400/15 bg-ink-900 transition-colors open:border-gold-400/50 open:bg-ink-800/60"
    >
      <summary
        ref={summary}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={panelId}
        className={`grid cursor-pointer items-start gap-x-4 gap-y-2 p-7 text-start transition-colors hover:bg-white/[0.03] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-300 ${program.image ? "grid-cols-[auto_1fr_auto]" : "grid-cols-[1fr_auto]"}`}
      >
        {program.image && (
          <span className="w-24 self-center">
            <SitePhoto
              image={program.image}
              crop="cover"
              sizes={coverSizes}
              className="rounded-xl"
            />
          </span>
        )}
        <h2 className="self-center text-xl font-semibold text-gold-200">{program.title}</h2>
        {chevronIcon}
        <span
          className={`text-base font-normal text-paper/75 ${program.image ? "col-span-3" : "col-span-2"}`}
        >
          {program.summary}
        </span>
      </summary>
      {/* The fragment's target: inside the disclosure, so that reaching it opens it, and at the
          card's top, so that the card's heading shows. */}
      <span ref={anchor} id={program.key} className="absolute inset-x-0 top-0" />
      <div id={panelId} className="border-t border-gold-400/15 px-7 pb-7 pt-5">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="sr-only">{text.day}</dt>
            <dd className="flex items-center gap-3">
              {calendarIcon}
              <span>
                {program.day} <span className="text-paper/70">({text.weekly})</span>
              </span>
            </dd>
          </div>
          <div>
            <dt className="sr-only">{text.time}</dt>
            <dd className="flex items-center gap-3">
              {clockIcon}
              <ZonedTime dateTime={program.slot.start}>{program.time}</ZonedTime>
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
            {externalIcon}
          </a>
        )}
      </div>
    </details>
  );
}
