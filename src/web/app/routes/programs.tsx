import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { Section } from "../../components/ui/section.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { ProgramAccordion } from "../../features/programs/program-accordion.tsx";

export default function ProgramsRoute() {
  const { content } = useLanguage();
  return (
    <>
      <PageMeta page="programs" />
      <PageIntro title={content.programsPage.title} lead={content.programsPage.lead} />
      <Section>
        <ProgramAccordion />
      </Section>
    </>
  );
}
