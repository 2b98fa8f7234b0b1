import { CalendarClock, Hourglass } from "lucide-react";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { ZonedTime } from "../../components/ui/zoned-time.tsx";
import { useMutakallimSessions } from "../../content/published-content.ts";
import { useLanguage } from "../../language/use-language.ts";
import { formatEveryWeekday, formatTimeRange } from "../../lib/format.ts";

// The same element at every render: React passes over it when the language changes.
const hourglassIcon = (
  <Hourglass aria-hidden="true" strokeWidth={1.6} className="size-7 shrink-0 text-gold-300" />
);
const calendarIcon = (
  <CalendarClock aria-hidden="true" strokeWidth={1.6} className="size-7 shrink-0 text-gold-300" />
);

/** How long Mutakallim lasts, and when its group sessions meet. */
export function ProgramStructure() {
  const { content, language } = useLanguage();
  const text = content.mutakallim;
  const sessions = useMutakallimSessions();
  const sessionTimes = formatTimeRange(language, sessions.start, sessions.end);
  return (
    <Section labelledBy="structure" width="medium">
      <SectionHeading id="structure" title={text.structureTitle} />
      <dl className="grid gap-5 sm:grid-cols-2">
        <div className="rounded-3xl border border-gold-400/20 bg-ink-900 p-7">
          <dt className="flex items-center gap-3 text-paper/80">
            {hourglassIcon}
            {text.duration.term}
          </dt>
          <dd className="mt-3 text-2xl font-semibold text-gold-200">{text.duration.definition}</dd>
        </div>
        <div className="rounded-3xl border border-gold-400/20 bg-ink-900 p-7">
          <dt className="flex items-center gap-3 text-paper/80">
            {calendarIcon}
            {text.sessions.term}
          </dt>
          <dd className="mt-3 grid gap-1 text-2xl font-semibold text-gold-200">
            <span>{formatEveryWeekday(language, sessions.day)}</span>
            <ZonedTime className="text-xl text-paper/90">{sessionTimes}</ZonedTime>
          </dd>
        </div>
      </dl>
    </Section>
  );
}
