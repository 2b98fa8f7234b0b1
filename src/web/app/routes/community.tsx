import { HeartHandshake } from "lucide-react";
import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { StoryCards } from "../../features/stories/story-cards.tsx";

export default function CommunityRoute() {
  const { content } = useLanguage();
  const community = content.community;
  return (
    <>
      <PageMeta page="community" />
      <PageIntro title={community.title} lead={community.lead} />
      <Section tone="deep" labelledBy="commitment" width="narrow">
        <div className="grid justify-items-center gap-5 rounded-3xl border border-gold-400/25 bg-ink-950/60 p-8 text-center sm:p-12">
          <HeartHandshake aria-hidden="true" strokeWidth={1.6} className="size-10 text-gold-300" />
          <h2 id="commitment" className="font-display text-3xl text-gold-300 sm:text-4xl">
            {community.commitment.title}
          </h2>
          <p className="text-lg text-paper/85">{community.commitment.text}</p>
        </div>
      </Section>
      <Section tone="paper" labelledBy="ripple-stories">
        <SectionHeading id="ripple-stories" title={community.storiesTitle} tone="dark" />
        <StoryCards />
      </Section>
    </>
  );
}
