import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { useLanguage } from "../../language/use-language.ts";

/** What Mutakallim is, and its four terms and their definitions. */
export function ProgramFormat() {
  const { content } = useLanguage();
  const text = content.mutakallim;
  return (
    <Section tone="paper" labelledBy="format">
      <p className="mx-auto mb-14 max-w-3xl text-center text-lg text-ink-800 sm:text-xl">
        {text.description}
      </p>
      <SectionHeading id="format" title={text.formatTitle} tone="dark" />
      <dl className="grid gap-5 sm:grid-cols-2">
        {/* Keyed by position: a change of language updates each term in place. */}
        {text.format.map((item, index) => (
          <div key={index} className="rounded-3xl bg-paper p-7 shadow-sm shadow-ink-950/5">
            <dt className="mb-2 text-xl font-semibold text-ink-900">{item.term}</dt>
            <dd className="text-ink-800">{item.definition}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
