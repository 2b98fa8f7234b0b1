import { ButtonLink } from "../../components/ui/button-link.tsx";
import { DirectionalArrow } from "../../components/ui/directional-arrow.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { useLanguage } from "../../language/use-language.ts";
import { ProgramGrid } from "./program-grid.tsx";

/** The home page's section on the programs, leading to their page. */
export function ProgramsSection() {
  const { content } = useLanguage();
  const programs = content.home.programs;
  return (
    <Section labelledBy="programs">
      <SectionHeading id="programs" title={programs.title} lead={programs.lead} />
      <ProgramGrid />
      <div className="mt-10 flex justify-center">
        <ButtonLink to="/programs" variant="outline">
          {programs.cta}
          <DirectionalArrow />
        </ButtonLink>
      </div>
    </Section>
  );
}
