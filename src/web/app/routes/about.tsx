import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { AboutPhilosophy } from "../../features/about/about-philosophy.tsx";
import { VisionAndMission } from "../../features/about/vision-and-mission.tsx";
import { ValuesSection } from "../../features/values/values-section.tsx";
import { useLanguage } from "../../language/use-language.ts";

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
