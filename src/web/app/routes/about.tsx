import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { AboutPhilosophy } from "../../features/about/about-philosophy.tsx";
import { VisionAndMission } from "../../features/about/vision-and-mission.tsx";
import { ValuesSection } from "../../features/values/values-section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/about";

/** The published content the about page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { values, pages } = contentToRender(context);
  return {
    site: {
      values,
      pages: {
        meta: { about: pages.meta.about },
        leads: { about: pages.leads.about },
        about: pages.about,
      },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function AboutRoute() {
  const { content } = useLanguage();
  const about = content.about;
  return (
    <>
      <PageMeta page="about" />
      <PageIntro title={about.title} lead={about.lead} />
      <AboutPhilosophy />
      <VisionAndMission />
      <ValuesSection title={about.valuesTitle} />
    </>
  );
}
