import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { useEveryProgramWatchable } from "../../content/published-content.ts";
import { useLanguage } from "../../language/use-language.ts";
import { ProgramAccordion } from "../../features/programs/program-accordion.tsx";

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
          text={{ title: content.meta.programs.title, description: text.scheduleOnly.description }}
        />
      )}
      <PageIntro title={text.title} lead={watchable ? text.lead : text.scheduleOnly.lead} />
      <Section>
        <ProgramAccordion />
      </Section>
    </>
  );
}
