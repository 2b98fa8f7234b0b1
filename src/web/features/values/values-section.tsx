import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { ValuesGrid } from "./values-grid.tsx";

export function ValuesSection({ title, lead }: { title: string; lead?: string }) {
  return (
    <Section labelledBy="values">
      <SectionHeading id="values" title={title} lead={lead} />
      <ValuesGrid />
    </Section>
  );
}
