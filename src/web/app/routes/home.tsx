import { PageMeta } from "../../components/layout/page-meta.tsx";
import { HomeClosing } from "../../features/home/home-closing.tsx";
import { HomeHero } from "../../features/home/home-hero.tsx";
import { HomeIdentity } from "../../features/home/home-identity.tsx";
import { HomePhilosophy } from "../../features/home/home-philosophy.tsx";
import { ProgramsSection } from "../../features/programs/programs-section.tsx";
import { StoriesSection } from "../../features/stories/stories-section.tsx";
import { ValuesSection } from "../../features/values/values-section.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function HomeRoute() {
  const { content } = useLanguage();
  const home = content.home;
  return (
    <>
      <PageMeta page="home" />
      <HomeHero />
      <HomePhilosophy />
      <ProgramsSection />
      <HomeIdentity />
      <ValuesSection title={home.values.title} lead={home.values.lead} />
      <StoriesSection id="stories" title={home.stories.title} lead={home.stories.lead} />
      <HomeClosing />
    </>
  );
}
