import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";

export function AboutPhilosophy() {
  const { content } = useLanguage();
  const philosophy = content.about.philosophy;
  return (
    <Section tone="paper" labelledBy="philosophy" width="narrow">
      <h2 id="philosophy" className="mb-4 font-display text-3xl text-ink-900 sm:text-5xl">
        {philosophy.title}
      </h2>
      <span aria-hidden="true" className="mb-6 block h-0.5 w-16 rounded-full bg-gold-400" />
      <p className="text-lg text-ink-800 sm:text-xl">{philosophy.text}</p>
    </Section>
  );
}
