import { PageMeta } from "../../components/layout/page-meta.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { DirectionalArrow } from "../../components/ui/directional-arrow.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { HomeHero } from "../../features/home/home-hero.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { ProgramGrid } from "../../features/programs/program-grid.tsx";
import { StoryCards } from "../../features/stories/story-cards.tsx";
import { ValuesGrid } from "../../features/values/values-grid.tsx";
import { formatNumber } from "../../lib/format.ts";

export default function HomeRoute() {
  const { content, language } = useLanguage();
  const home = content.home;
  return (
    <>
      <PageMeta page="home" />
      <HomeHero />

      <Section tone="paper" labelledBy="philosophy">
        <div className="grid items-start gap-12 lg:grid-cols-2">
          <div className="grid gap-5">
            <h2 id="philosophy" className="font-display text-3xl text-ink-900 sm:text-5xl">
              {home.philosophy.title}
            </h2>
            <span aria-hidden="true" className="h-0.5 w-16 rounded-full bg-gold-500" />
            <p className="text-lg text-ink-800">{home.philosophy.text}</p>
          </div>
          <ol className="grid gap-4">
            {home.philosophy.points.map((point, index) => (
              <li
                key={point}
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

      <Section labelledBy="programs">
        <SectionHeading id="programs" title={home.programs.title} lead={home.programs.lead} />
        <ProgramGrid />
        <div className="mt-10 flex justify-center">
          <ButtonLink to="/programs" variant="outline">
            {home.programs.cta}
            <DirectionalArrow />
          </ButtonLink>
        </div>
      </Section>

      <Section tone="deep" labelledBy="identity" width="narrow" className="text-center">
        <h2 id="identity" className="mb-6 font-display text-3xl text-gold-300 sm:text-5xl">
          {home.identity.title}
        </h2>
        <p className="text-lg text-paper/85 sm:text-xl">{home.identity.text}</p>
      </Section>

      <Section labelledBy="values">
        <SectionHeading id="values" title={home.values.title} lead={home.values.lead} />
        <ValuesGrid />
      </Section>

      <Section tone="paper" labelledBy="stories">
        <SectionHeading
          id="stories"
          title={home.stories.title}
          lead={home.stories.lead}
          tone="dark"
        />
        <StoryCards />
      </Section>

      <Section labelledBy="closing" width="narrow">
        <div className="grid justify-items-center gap-6 rounded-[2rem] border border-gold-400/25 bg-gradient-to-b from-ink-800/80 to-ink-900 px-6 py-14 text-center sm:px-12">
          <h2 id="closing" className="font-display text-3xl text-gold-300 sm:text-5xl">
            {home.closing.title}
          </h2>
          <p className="max-w-xl text-lg text-paper/85">{home.closing.text}</p>
          <ButtonLink to="/contact">
            {home.closing.cta}
            <DirectionalArrow />
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
