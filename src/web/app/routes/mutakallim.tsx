import { CalendarClock, Hourglass } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { mutakallimSessions } from "../../content/site.ts";
import { ContactForm } from "../../features/contact/contact-form.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { formatTimeRange } from "../../lib/format.ts";

export default function MutakallimRoute() {
  const { content, language } = useLanguage();
  const text = content.mutakallim;
  const sessionTimes = formatTimeRange(language, mutakallimSessions.start, mutakallimSessions.end);
  return (
    <>
      <PageMeta page="mutakallim" />
      <PageIntro title={text.title} lead={text.lead} withLogo />

      <Section tone="paper" labelledBy="format">
        <p className="mx-auto mb-14 max-w-3xl text-center text-lg text-ink-800 sm:text-xl">
          {text.description}
        </p>
        <SectionHeading id="format" title={text.formatTitle} tone="dark" />
        <dl className="grid gap-5 sm:grid-cols-2">
          {text.format.map((item) => (
            <div key={item.term} className="rounded-3xl bg-paper p-7 shadow-sm shadow-ink-950/5">
              <dt className="mb-2 text-xl font-semibold text-ink-900">{item.term}</dt>
              <dd className="text-ink-800">{item.definition}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section labelledBy="structure" width="medium">
        <SectionHeading id="structure" title={text.structureTitle} />
        <dl className="grid gap-5 sm:grid-cols-2">
          <div className="rounded-3xl border border-gold-400/20 bg-ink-900 p-7">
            <dt className="flex items-center gap-3 text-paper/80">
              <Hourglass
                aria-hidden="true"
                strokeWidth={1.6}
                className="size-7 shrink-0 text-gold-300"
              />
              {text.duration.term}
            </dt>
            <dd className="mt-3 text-2xl font-semibold text-gold-200">
              {text.duration.definition}
            </dd>
          </div>
          <div className="rounded-3xl border border-gold-400/20 bg-ink-900 p-7">
            <dt className="flex items-center gap-3 text-paper/80">
              <CalendarClock
                aria-hidden="true"
                strokeWidth={1.6}
                className="size-7 shrink-0 text-gold-300"
              />
              {text.sessions.term}
            </dt>
            <dd className="mt-3 grid gap-1 text-2xl font-semibold text-gold-200">
              <span>{text.sessions.day}</span>
              <time suppressHydrationWarning className="text-xl text-paper/90">
                {sessionTimes}
              </time>
            </dd>
          </div>
        </dl>
      </Section>

      <section
        id="register"
        aria-labelledby="register-title"
        className="bg-paper-200 px-4 py-16 text-ink-950 sm:px-6 sm:py-24"
      >
        <div className="mx-auto max-w-3xl rounded-3xl bg-paper p-6 shadow-xl shadow-ink-950/10 sm:p-10">
          <h2 id="register-title" className="font-display text-3xl text-ink-900 sm:text-4xl">
            {text.formTitle}
          </h2>
          <p className="mb-8 mt-2 text-ink-700">{text.formLead}</p>
          <ContactForm source="Mutakallim Program" />
        </div>
      </section>
    </>
  );
}
