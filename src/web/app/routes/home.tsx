import { PageMeta } from "../../components/layout/page-meta.tsx";
import { HomeClosing } from "../../features/home/home-closing.tsx";
import { HomeHero } from "../../features/home/home-hero.tsx";
import { HomeIdentity } from "../../features/home/home-identity.tsx";
import { HomePhilosophy } from "../../features/home/home-philosophy.tsx";
import { ProgramsSection } from "../../features/programs/programs-section.tsx";
import { StoriesSection } from "../../features/stories/stories-section.tsx";
import { ValuesSection } from "../../features/values/values-section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/home";

/** The published content the home page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { programs, values, stories, pages } = contentToRender(context);
  return {
    site: {
      programs,
      values,
      stories,
      pages: { meta: { home: pages.meta.home }, home: pages.home },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

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
