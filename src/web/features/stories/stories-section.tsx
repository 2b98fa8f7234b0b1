import { Section } from "../../components/ui/section.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { StoryCards } from "./story-cards.tsx";

interface StoriesSectionProps {
  id: string;
  title: string;
  lead?: string;
}

export function StoriesSection({ id, title, lead }: StoriesSectionProps) {
  return (
    <Section tone="paper" labelledBy={id}>
      <SectionHeading id={id} title={title} lead={lead} tone="dark" />
      <StoryCards />
    </Section>
  );
}
