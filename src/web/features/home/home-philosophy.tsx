import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { formatNumber } from "../../lib/format.ts";

/** What Kalima believes about the word, and its numbered points. */
export function HomePhilosophy() {
  const { content, language } = useLanguage();
  const philosophy = content.home.philosophy;
  return (
    <Section tone="paper" labelledBy="philosophy">
      <div className="grid items-start gap-12 lg:grid-cols-2">
        <div className="grid gap-5">
          <h2 id="philosophy" className="font-display text-3xl text-ink-900 sm:text-5xl">
            {philosophy.title}
          </h2>
          <span aria-hidden="true" className="h-0.5 w-16 rounded-full bg-gold-500" />
          <p className="text-lg text-ink-800">{philosophy.text}</p>
        </div>
        <ol className="grid gap-4">
          {/* Keyed by position: a change of language updates each point in place. */}
          {philosophy.points.map((point, index) => (
            <li
              key={index}
              className="flex items-start gap-4 rounded-2xl bg-paper p-5 shadow-sm shadow-ink-950/5"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-950 font-display text-lg text-gold-300"
              >
                {formatNumber(language, index + 1)}
              </span>
              <p className="text-ink-900">{point}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
