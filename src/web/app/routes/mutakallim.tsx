import { PageIntro } from "../../components/layout/page-intro.tsx";
import { PageMeta } from "../../components/layout/page-meta.tsx";
import { RegistrationSection } from "../../features/contact/registration-section.tsx";
import { ProgramFormat } from "../../features/mutakallim/program-format.tsx";
import { ProgramStructure } from "../../features/mutakallim/program-structure.tsx";
import { useLanguage } from "../../language/use-language.ts";

export default function MutakallimRoute() {
  const { content } = useLanguage();
  const text = content.mutakallim;
  return (
    <>
      <PageMeta page="mutakallim" />
      <PageIntro title={text.title} lead={text.lead} withLogo />
      <ProgramFormat />
      <ProgramStructure />
      <RegistrationSection />
    </>
  );
}
