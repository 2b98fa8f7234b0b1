import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { useEveryProgramWatchable } from "../../content/published-content.ts";
import { useLanguage } from "../../language/use-language.ts";
import { ProgramAccordion } from "../../features/programs/program-accordion.tsx";
import type { PageContent } from "../../content/page-content.ts";
import { contentToRender } from "../published-content.server.ts";
import type { Route } from "./+types/programs";

/** The published content the programs page shows, and no more (docs/decisions/0032). */
export function loader({ context }: Route.LoaderArgs) {
  const { programs, pages } = contentToRender(context);
  return {
    site: {
      programs,
      pages: { meta: { programs: pages.meta.programs }, leads: { programs: pages.leads.programs } },
    } satisfies PageContent,
  };
}

/** A page's content changes with a new render of the page, never while the visitor is on it. */
export function shouldRevalidate() {
  return false;
}

export default function ProgramsRoute() {
  const { content } = useLanguage();
  const text = content.programsPage;
  const watchable = useEveryProgramWatchable();
  return (
    <>
      {watchable ? (
        <PageMeta page="programs" />
      ) : (
        <PageMeta
          text={{
            title: content.meta.programs.title,
            description: text.scheduleOnly.description,
            ...(content.meta.programs.image && { image: content.meta.programs.image }),
          }}
        />
      )}
      <PageIntro title={text.title} lead={watchable ? text.lead : text.scheduleOnly.lead} />
      <Section>
        <ProgramAccordion />
      </Section>
    </>
  );
}
