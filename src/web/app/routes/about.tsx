import { Compass, Target } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { ValuesGrid } from "../../features/values/values-grid.tsx";

export default function AboutRoute() {
  const { content } = useLanguage();
  const about = content.about;
  const cards = [
    { id: "vision", icon: Compass, ...about.vision },
    { id: "mission", icon: Target, ...about.mission },
  ];
  return (
    <>
      <PageMeta page="about" />
      <PageIntro title={about.title} lead={about.lead} withLogo />

      <Section tone="paper" labelledBy="philosophy" width="narrow">
        <h2 id="philosophy" className="mb-6 font-display text-3xl text-ink-900 sm:text-5xl">
          {about.philosophy.title}
        </h2>
        <p className="text-lg text-ink-800 sm:text-xl">{about.philosophy.text}</p>
      </Section>

      <Section tone="deep">
        <ul className="grid gap-6 md:grid-cols-2">
          {cards.map(({ id, icon: Icon, title, text }) => (
            <li
              key={id}
              className="grid content-start gap-4 rounded-3xl border border-gold-400/20 bg-ink-950/60 p-8"
            >
              <Icon aria-hidden="true" strokeWidth={1.6} className="size-9 text-gold-300" />
              <h2 className="font-display text-3xl text-gold-300">{title}</h2>
              <p className="text-lg text-paper/85">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="values">
        <SectionHeading id="values" title={about.valuesTitle} />
        <ValuesGrid />
      </Section>
    </>
  );
}
